"""The limits a sandboxed child runs under, and the kernel rlimits that enforce them.

Start-up (importing torch takes seconds on a busy machine) is not the learner's time: a child that
signals readiness gets `startup_seconds` to do so, and its wall clock and CPU budget start then.
"""

import contextlib
import ctypes
import math
import os
import resource
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

_SCRATCH_FILES = 4  # each bwrap tmpfs holds this many files of the largest size allowed


@dataclass(frozen=True)
class Limits:
    wall_seconds: float = 10.0  # counted from the ready signal when there is a start-up phase
    startup_seconds: float = 60.0  # 0: no start-up phase, the wall clock starts at launch
    cpu_seconds: float | None = None  # after start-up; None: wall * threads + 2
    data_bytes: int = 2 * 1024**3  # RLIMIT_DATA; RLIMIT_AS would break `import torch`
    file_bytes: int = 16 * 1024**2
    open_files: int = 256
    output_keep_bytes: int = 64 * 1024  # per stream
    output_kill_bytes: int = 8 * 1024**2  # stdout + stderr together
    result_bytes: int = 256 * 1024**2
    threads: int = 1

    @property
    def cpu_soft_seconds(self) -> int:
        """RLIMIT_CPU soft limit (SIGXCPU) after start-up; the hard limit, one second later, is a
        SIGKILL."""
        cpu = self.wall_seconds * self.threads + 2 if self.cpu_seconds is None else self.cpu_seconds
        return max(1, math.ceil(cpu))

    @property
    def startup_cpu_seconds(self) -> int:
        """CPU time start-up may use on top of `cpu_soft_seconds`, until the ready signal."""
        return math.ceil(self.startup_seconds * self.threads)

    @property
    def scratch_bytes(self) -> int:
        """The size of each writable tmpfs under bwrap, so a solution cannot fill the disk."""
        return _SCRATCH_FILES * self.file_bytes


def rlimits(limits: Limits) -> list[tuple[int, int, int]]:
    """(resource, soft, hard) for the child, clamped to what this process may grant. With a
    start-up phase the CPU limit includes its allowance, until `tighten_cpu` takes it away."""
    cpu = limits.cpu_soft_seconds + (limits.startup_cpu_seconds if limits.startup_seconds > 0 else 0)
    wanted = [
        (resource.RLIMIT_DATA, limits.data_bytes, limits.data_bytes),
        (resource.RLIMIT_CPU, cpu, cpu + 1),
        (resource.RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes),
        (resource.RLIMIT_NOFILE, limits.open_files, limits.open_files),
        (resource.RLIMIT_CORE, 0, 0),
    ]
    clamped = []
    for which, soft, hard in wanted:
        ceiling = resource.getrlimit(which)[1]
        if ceiling != resource.RLIM_INFINITY:
            hard = min(hard, ceiling)
        clamped.append((which, min(soft, hard), hard))
    return clamped


def set_rlimits(wanted: list[tuple[int, int, int]]) -> None:
    """Put `rlimits`' (resource, soft, hard) triples in force for this process."""
    for which, soft, hard in wanted:
        resource.setrlimit(which, (soft, hard))


def tighten_cpu(pids: set[int], budget_seconds: int) -> int | None:
    """Lower each process's RLIMIT_CPU to the CPU it has used plus `budget_seconds` (the
    start-up allowance ends). Returns the highest soft limit set, or None where none could be."""
    highest = None
    for pid in pids:
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()
            used = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
            soft = math.ceil(used) + budget_seconds
            current = resource.prlimit(pid, resource.RLIMIT_CPU)[0]
            if current == resource.RLIM_INFINITY or soft < current:
                resource.prlimit(pid, resource.RLIMIT_CPU, (soft, soft + 1))
                highest = max(highest or 0, soft)
    return highest


def cpu_seconds(pids: set[int]) -> float:
    """The CPU time the processes `pids` have used, all their threads, read through each one's
    process CPU clock (`stat`'s clock ticks are ten milliseconds). Under RLIMIT_CPU the kernel
    keeps a process's total in a timer it brings up to date at each tick and each switch, so a
    process still running reads short by up to a tick: `settled_cpu_seconds` waits for it."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += time.clock_gettime(((~pid) << 3) | _CPUCLOCK_SCHED)
    return total


SETTLE_SECONDS = 0.005  # how long a reading waits for the processes to stop running


def settled_cpu_seconds(pids: set[int]) -> float:
    """`cpu_seconds` once no process of `pids` is running (their main threads), or after
    SETTLE_SECONDS: a child that has just written a mark is about to wait for its answer, and the
    switch that puts it to sleep brings its total up to date, so the reading is exact to the
    microsecond rather than to the tick."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0)
    return cpu_seconds(pids)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"R"
    except (OSError, IndexError):
        return False


_PR_SET_PDEATHSIG, _PR_SET_DUMPABLE = 1, 4
_CPUCLOCK_SCHED = 2  # a process's CPU clock id: (~pid << 3) | CPUCLOCK_SCHED, as glibc builds it
# Looked up once, here: a forked child calls it before exec, where loading a library could hang.
_prctl = ctypes.CDLL(None).prctl if sys.platform.startswith("linux") else None


def undumpable() -> None:
    """No process of this uid may read this one's memory, fds or environment through /proc, nor
    trace it, unless it holds CAP_SYS_PTRACE (which no solution's process does): vecdrill's parent,
    its reference children (holding the expected answers) and the warm zygote call this first.
    A no-op off Linux, where the plain layer is all there is."""
    if _prctl is not None:
        _prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)


def die_with_parent() -> None:
    """In a child, before its exec: SIGKILL when the thread that started it dies, so no child
    outlives a vecdrill that was killed outright (`kill -9`, the OOM killer)."""
    if _prctl is not None:
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
