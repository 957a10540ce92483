"""Watch a launched child with two clocks, and say how it ended as a ChildRun.

Start-up (importing torch, building the inputs) has its own generous clock. The solution's wall
limit starts at the child's ready signal, and so does its CPU budget: RLIMIT_CPU, set high enough
for start-up too, drops then to the CPU already used plus the budget.
"""

import os
import resource
import signal
import time
from dataclasses import dataclass

from vecdrill.sandbox.isolation import Isolation
from vecdrill.supervisor import pipes, reaper
from vecdrill.supervisor.limits import Limits, tighten_cpu

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
    memory_suspected: bool  # the cgroup's limit was hit; without a cgroup, a SIGKILL we did not send
    stdout: str  # first output_keep_bytes, invalid UTF-8 replaced, with a notice when cut
    stderr: str
    result: bytes | None  # None when nothing arrived (or it was too large)
    wall_seconds: float  # from the ready signal (or the launch, without a start-up phase)
    cpu_seconds: float  # from wait4 rusage of the direct child, start-up included
    isolation: Isolation
    startup_timed_out: bool = False  # never signalled ready within limits.startup_seconds
    startup_seconds: float = 0.0  # from the launch to the ready signal (or to the end)


@dataclass(frozen=True)
class Watch:
    """How watching ended: why pumping stopped, the clocks, and the CPU soft limit in force."""

    stop: pipes.Stop
    started: float
    ready_at: float | None  # None: the child never signalled ready
    ended: float
    cpu_soft_seconds: int


def watch(pid: int, streams: pipes.Streams, limits: Limits, marker: bytes, started: float) -> Watch:
    """Pump through start-up until the ready signal (when there is a start-up phase), then
    through the solution's wall limit."""
    if limits.startup_seconds <= 0:
        stop = pipes.pump(pid, streams, started + limits.wall_seconds)
        return Watch(stop, started, started, time.monotonic(), limits.cpu_soft_seconds)
    cpu_soft = limits.cpu_soft_seconds + limits.startup_cpu_seconds
    stop = pipes.pump(pid, streams, started + limits.startup_seconds, until_ready=True)
    ready_at = streams.ready_at
    if stop is pipes.Stop.READY and ready_at is not None:
        tightened = tighten_cpu(reaper.tagged_pids(marker), limits.cpu_soft_seconds)
        cpu_soft = cpu_soft if tightened is None else tightened
        stop = pipes.pump(pid, streams, ready_at + limits.wall_seconds)
    return Watch(stop, started, ready_at, time.monotonic(), cpu_soft)


def child_run(
    watched: Watch,
    status: int,
    usage: resource.struct_rusage,
    streams: pipes.Streams,
    layer: Isolation,
    cgroup: reaper.Cgroup | None,
) -> ChildRun:
    """How the child ended, from its wait status and resource use, the drained streams and the
    cgroup's memory evidence."""
    returncode, signal_number = exit_status(status, layer)
    unshare_lost_sigkill = returncode == 1 and layer is Isolation.UNSHARE
    if unshare_lost_sigkill and streams.stderr.drop_suffix(_UNSHARE_SIGKILL_NOTE):
        returncode, signal_number = None, signal.SIGKILL
    cpu_seconds = usage.ru_utime + usage.ru_stime
    timed_out = watched.stop is pipes.Stop.DEADLINE
    killed_by_us = timed_out or streams.output_over or streams.result_over
    cpu_limited = signal_number == signal.SIGXCPU or (
        signal_number == signal.SIGKILL
        and not killed_by_us
        and cpu_seconds >= watched.cpu_soft_seconds - 0.05
    )
    stray_kill = signal_number == signal.SIGKILL and not killed_by_us and not cpu_limited
    out_of_memory = (cgroup.oom_kills() > 0 or cgroup.hit_limit()) if cgroup else stray_kill
    ready_at = watched.ready_at
    return ChildRun(
        returncode=returncode,
        signal=signal_number,
        timed_out=timed_out,
        cpu_limited=cpu_limited,
        output_limited=streams.output_over,
        result_too_large=streams.result_over,
        memory_suspected=out_of_memory,
        stdout=streams.stdout.text(),
        stderr=streams.stderr.text(),
        result=streams.result(),
        wall_seconds=0.0 if ready_at is None else watched.ended - ready_at,
        cpu_seconds=cpu_seconds,
        isolation=layer,
        startup_timed_out=timed_out and ready_at is None,
        startup_seconds=(watched.ended if ready_at is None else ready_at) - watched.started,
    )


def exit_status(status: int, layer: Isolation) -> tuple[int | None, int | None]:
    """(returncode, signal); bwrap reports a signalled child as 128+n, so read it back as n."""
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    code = os.waitstatus_to_exitcode(status)
    if layer is Isolation.BWRAP and 128 < code < 128 + signal.NSIG:
        return None, code - 128
    return code, None
