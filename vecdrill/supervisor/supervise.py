"""Prepare, watch and end one child, cold or warm, and set down how it ended.

A cold run's child and the warm zygote's grandchild go through the same code: `child_setup` in
the forked process, then `supervise` in the process that forked it. Start-up (importing torch,
building the inputs) has its own generous clock. The solution's wall limit starts at the child's
ready signal, and so does its CPU budget: RLIMIT_CPU, set high enough for start-up too, drops then
to the CPU already used plus the budget. What `supervise` returns is facts, not judgement: the
parent turns them into a verdict's terms (`sandbox.ended`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from vecdrill.supervisor import channels, reaper
from vecdrill.supervisor.limits import Limits, die_with_parent, set_rlimits, settled_cpu_seconds, tighten_cpu


@dataclass(frozen=True)
class Watch:
    """How watching ended: why pumping stopped, the clocks, and the CPU soft limit in force."""

    stop: channels.Stop
    started: float
    ready_at: float | None  # None: the child never signalled ready
    ended: float
    cpu_soft_seconds: int


@dataclass(frozen=True)
class ChildEnd:
    """How a child ended, as the process that watched it saw it."""

    status: int  # from wait4: of the launcher, where bwrap or unshare wraps the child
    cpu_seconds: float  # wait4's rusage of that process, start-up included
    watch: Watch
    stdout: channels.Captured
    stderr: channels.Captured
    output_over: bool  # stdout + stderr exceeded output_kill_bytes
    result_over: bool  # the result channel exceeded result_bytes
    marks: list[channels.Mark] = field(default_factory=list)  # after the ready signal, measured here


def child_setup(
    placed: Mapping[int, int],
    kernel_limits: list[tuple[int, int, int]],
    procs_files: Sequence[str] = (),
    *,
    exec_follows: bool = True,
) -> Callable[[], None]:
    """What a child does first, in the forked process: die with the thread that started it (so a
    vecdrill killed outright leaves no child), join the run's cgroup (by its procs files), take
    each fd of `placed` (target -> fd) at its target, drop every other fd above 2, and set its
    limits. A cold child execs next, so the others only stop being inheritable (Popen's
    own error pipe must live until the exec); the warm grandchild goes on without one, so they are
    closed."""
    targets = set(placed)

    def setup() -> None:
        die_with_parent()
        for path in procs_files:
            with contextlib.suppress(OSError):
                joined = os.open(path, os.O_WRONLY)
                os.write(joined, b"0")
                os.close(joined)
        high = {target: fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for target, fd in placed.items()}
        for target, fd in high.items():
            os.dup2(fd, target)  # dup2 makes the placed fds inheritable
        for name in os.listdir("/proc/self/fd"):
            fd = int(name)
            if fd > 2 and fd not in targets:
                with contextlib.suppress(OSError):
                    if exec_follows:
                        os.set_inheritable(fd, False)
                    else:
                        os.close(fd)
        set_rlimits(kernel_limits)

    return setup


def supervise(
    pid: int,
    streams: channels.Streams,
    limits: Limits,
    marker: bytes,
    started: float,
    kill: Callable[[], None],
) -> tuple[ChildEnd, bytes | None]:
    """Watch the child `pid` to its end or a limit, `kill` what is left of the run, reap the
    child and drain its pipes. Returns how it ended and its result (None: none, or too large)."""
    try:
        watched = watch(pid, streams, limits, marker, started)
    finally:
        kill()
        _, status, usage = os.wait4(pid, 0)
        streams.drain(channels.DRAIN_GRACE_SECONDS)
    ended = ChildEnd(
        status=status,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
        watch=watched,
        stdout=streams.stdout.seen(),
        stderr=streams.stderr.seen(),
        output_over=streams.output_over,
        result_over=streams.result_over,
        marks=streams.marks,
    )
    return ended, streams.result()


def watch(pid: int, streams: channels.Streams, limits: Limits, marker: bytes, started: float) -> Watch:
    """Pump through start-up until the ready signal (when there is a start-up phase), then
    through the solution's wall limit; at the ready signal, end the start-up CPU allowance of
    every process of the run (`marker`)."""
    if limits.startup_seconds <= 0:
        stop = channels.pump(pid, streams, started + limits.wall_seconds)
        return Watch(stop, started, started, time.monotonic(), limits.cpu_soft_seconds)
    cpu_soft = limits.cpu_soft_seconds + limits.startup_cpu_seconds
    stop = channels.pump(pid, streams, started + limits.startup_seconds, until_ready=True)
    ready_at = streams.ready_at
    if stop is channels.Stop.READY and ready_at is not None:
        run = reaper.tagged_pids(marker)  # no process of a run is made after start-up: seccomp
        tightened = tighten_cpu(run, limits.cpu_soft_seconds)
        cpu_soft = cpu_soft if tightened is None else tightened
        streams.measure_marks(lambda: settled_cpu_seconds(run))
        stop = channels.pump(pid, streams, ready_at + limits.wall_seconds)
    return Watch(stop, started, ready_at, time.monotonic(), cpu_soft)
