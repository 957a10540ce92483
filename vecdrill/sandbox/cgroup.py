"""A run's own cgroup, where a cgroup v1 hierarchy is writable: a memory and pids backstop.

RLIMIT_DATA misses shared memory and fork storms; a memory and pids cgroup stops both, and its
counters are the run's memory evidence: the kernel's count of tasks it killed for memory (the
explanation of a SIGKILL nobody else sent) and of the times use reached the limit.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from vecdrill.supervisor import reaper

CGROUP_HEADROOM = 1024**3  # memory beyond RLIMIT_DATA: libraries, page cache, shared maps
CGROUP_TASKS = 128
_CGROUP_ROOT = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Counters:
    """A cgroup's memory counters; a fresh cgroup's are zero."""

    oom_kills: int = 0  # tasks the kernel killed here for memory
    failures: int = 0  # times memory use reached the limit (memory.failcnt)

    def rose_since(self, before: Counters) -> bool:
        """The memory evidence of what ran in between: an OOM kill, or use reaching the limit (past
        RLIMIT_DATA by the whole headroom, so the run was out of memory even when the reclaim that
        followed outlasted the wall clock)."""
        return self.oom_kills > before.oom_kills or self.failures > before.failures


class Cgroup:
    """A cgroup v1 memory and pids pair for one run, made below this process's own cgroups."""

    def __init__(self, dirs: list[Path]) -> None:
        self._dirs = dirs

    @classmethod
    def create(cls, memory_bytes: int) -> Cgroup:
        """Raises OSError where no writable cgroup v1 memory and pids hierarchy exists."""
        _reap_stale()
        name = f"{reaper.owned_name('run')}{uuid.uuid4().hex[:12]}"
        made = cls([])
        settings = (("memory", "memory.limit_in_bytes", memory_bytes), ("pids", "pids.max", CGROUP_TASKS))
        try:
            for controller, setting, value in settings:
                directory = _own_cgroup(controller) / name
                directory.mkdir()
                made._dirs.append(directory)
                (directory / setting).write_text(str(value))
        except OSError:
            made.remove()
            raise
        return made

    def procs_files(self) -> list[str]:
        """What a child writes its pid to, to join (see `supervise.child_setup`)."""
        return [str(directory / "cgroup.procs") for directory in self._dirs]

    def pids(self) -> set[int]:
        found: set[int] = set()
        for path in self.procs_files():
            with contextlib.suppress(OSError, ValueError):
                found.update(int(pid) for pid in Path(path).read_text().split())
        return found

    def counters(self) -> Counters:
        return Counters(self._oom_kills(), self._failures())

    def remove(self) -> None:
        """rmdir each directory, retrying while killed tasks finish exiting."""
        for directory in self._dirs:
            for _ in range(100):
                try:
                    directory.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)

    def _oom_kills(self) -> int:
        for directory in self._dirs:
            with contextlib.suppress(OSError, ValueError):
                for line in (directory / "memory.oom_control").read_text().splitlines():
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        return 0

    def _failures(self) -> int:
        for directory in self._dirs:
            with contextlib.suppress(OSError, ValueError):
                return int((directory / "memory.failcnt").read_text())
        return 0


@functools.cache
def _reap_stale() -> None:
    """Once per process: the cgroups that a vecdrill killed before its clean-up left, emptied (any
    task still in one is killed) and removed."""
    for controller in ("memory", "pids"):
        with contextlib.suppress(OSError):
            for directory in _own_cgroup(controller).iterdir():
                if directory.is_dir() and reaper.is_stale(directory.name):
                    stale = Cgroup([directory])
                    for pid in stale.pids():
                        with contextlib.suppress(OSError):
                            os.kill(pid, signal.SIGKILL)
                    stale.remove()


def unavailable() -> str | None:
    """Why runs get no cgroup backstop here; None when they do."""
    try:
        Cgroup.create(CGROUP_HEADROOM).remove()
    except OSError as exc:
        return str(exc)
    return None


def _own_cgroup(controller: str) -> Path:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return _CGROUP_ROOT / controller / path.lstrip("/")
    raise FileNotFoundError(f"this process has no cgroup v1 {controller} controller")
