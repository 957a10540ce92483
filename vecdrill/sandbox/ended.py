"""How a sandboxed child ended, in the terms a verdict needs: one reading for cold and warm runs.

`classify` turns the supervisor's facts (`supervise.ChildEnd`) into a `ChildRun`. It is the only
place that decides whether a run timed out, met its CPU limit or ran out of memory, so a cold check
and a warm one cannot tell the same ending apart.
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass

from vecdrill.sandbox.isolation import Isolation
from vecdrill.supervisor import channels
from vecdrill.supervisor.supervise import ChildEnd

# util-linux 2.38 unshare cannot re-raise a SIGKILL that ended its child: it exits 1 saying this.
_UNSHARE_SIGKILL_NOTE = b"unshare: sigprocmask unblock failed: Invalid argument\n"


@dataclass(frozen=True)
class ChildRun:
    returncode: int | None  # None when a signal ended it
    signal: int | None  # also resolved from bwrap's 128+n exit status
    timed_out: bool  # killed by a watchdog: the wall clock, or the start-up clock
    cpu_limited: bool  # SIGXCPU, or the CPU hard limit's SIGKILL
    output_limited: bool  # stdout + stderr exceeded output_kill_bytes (a live child is killed)
    result_too_large: bool  # the result channel exceeded result_bytes (a live child is killed)
    memory_suspected: bool  # the cgroup's memory evidence; without a cgroup, a SIGKILL we did not send
    stdout: str  # first output_keep_bytes, invalid UTF-8 replaced, with a notice when cut
    stderr: str
    result: bytes | None  # None when nothing arrived (or it was too large)
    wall_seconds: float  # from the ready signal (or the launch, without a start-up phase)
    cpu_seconds: float  # from wait4 rusage of the direct child, start-up included
    isolation: Isolation
    startup_timed_out: bool = False  # never signalled ready within limits.startup_seconds
    startup_seconds: float = 0.0  # from the launch to the ready signal (or to the end)
    started_up: bool = True  # False: it ended before its ready signal, so before any learner code ran
    marks: tuple[channels.Mark, ...] = ()  # the child's marks, each with its CPU time read from outside


def classify(
    end: ChildEnd, result: bytes | None, *, layer: Isolation, wrapper: Isolation, memory: bool | None
) -> ChildRun:
    """The ChildRun of a run under `layer`. `wrapper` is the launcher that was waited on: bwrap
    reports a signal as 128+n, unshare may lose a SIGKILL, and PLAIN means the process itself (a
    cold plain run, a warm grandchild). `memory` is the run's cgroup evidence (`Counters.rose_since`),
    None without a cgroup."""
    stderr = end.stderr
    returncode, signal_number = _exit_status(end.status, wrapper)
    if returncode == 1 and wrapper is Isolation.UNSHARE:
        cut = stderr.without_suffix(_UNSHARE_SIGKILL_NOTE)
        if cut is not None:
            stderr, returncode, signal_number = cut, None, signal.SIGKILL
    watched = end.watch
    timed_out = watched.stop is channels.Stop.DEADLINE
    killed_by_us = timed_out or end.output_over or end.result_over
    cpu_limited = signal_number == signal.SIGXCPU or (
        signal_number == signal.SIGKILL
        and not killed_by_us
        and end.cpu_seconds >= watched.cpu_soft_seconds - 0.05
    )
    stray_kill = signal_number == signal.SIGKILL and not killed_by_us and not cpu_limited
    ready_at = watched.ready_at
    return ChildRun(
        returncode=returncode,
        signal=signal_number,
        timed_out=timed_out,
        cpu_limited=cpu_limited,
        output_limited=end.output_over,
        result_too_large=end.result_over,
        memory_suspected=stray_kill if memory is None else memory,
        stdout=end.stdout.text(),
        stderr=stderr.text(),
        result=result,
        wall_seconds=0.0 if ready_at is None else watched.ended - ready_at,
        cpu_seconds=end.cpu_seconds,
        isolation=layer,
        startup_timed_out=timed_out and ready_at is None,
        startup_seconds=(watched.ended if ready_at is None else ready_at) - watched.started,
        started_up=ready_at is not None,
        marks=tuple(end.marks),
    )


def _exit_status(status: int, wrapper: Isolation) -> tuple[int | None, int | None]:
    """(returncode, signal); bwrap reports a signalled child as 128+n, so read it back as n."""
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    code = os.waitstatus_to_exitcode(status)
    if wrapper is Isolation.BWRAP and 128 < code < 128 + signal.NSIG:
        return None, code - 128
    return code, None
