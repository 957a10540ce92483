"""End everything a sandboxed run started and delete what it left, whatever it did to hide.

A process group kill misses children that called setsid(), so every process of a run also carries
a marker in its environment, and where a cgroup v1 hierarchy is writable the run gets its own
memory and pids cgroup: a backstop for shared memory (which RLIMIT_DATA misses) and fork storms,
and the kernel's OOM-kill count that explains a SIGKILL nobody else sent.
"""

import contextlib
import os
import shutil
import signal
import stat
import time
import uuid
from pathlib import Path

CGROUP_HEADROOM = 1024**3  # memory beyond RLIMIT_DATA: libraries, page cache, shared maps
CGROUP_TASKS = 128
_CGROUP_ROOT = Path("/sys/fs/cgroup")
_KILL_ROUNDS = 400
_ROUND_PAUSE_SECONDS = 0.005


def kill_tree(pid: int, marker: bytes, cgroup: "Cgroup | None") -> None:
    """SIGKILL the child's process group, then every live process carrying this run's marker
    or sitting in its cgroup, until none is left (a forking process is caught next round)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
    for _ in range(_KILL_ROUNDS):
        found = tagged_pids(marker)
        if cgroup is not None:
            found |= {other for other in cgroup.pids() if _alive(other)}
        found.discard(os.getpid())
        if not found:
            return
        for other in found:
            with contextlib.suppress(OSError):
                os.kill(other, signal.SIGKILL)
        time.sleep(_ROUND_PAUSE_SECONDS)


def tagged_pids(marker: bytes) -> set[int]:
    """Live processes whose environment holds `marker` (a NAME=value entry)."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return set()
    return {
        int(name) for name in names if name.isdigit() and _carries(int(name), marker) and _alive(int(name))
    }


def _carries(pid: int, marker: bytes) -> bool:
    try:
        return marker in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in (b"Z", b"X")


def remove_box(box: Path) -> None:
    """Delete the box without following any symlink the child left in it."""
    shutil.rmtree(box, ignore_errors=True)
    if not os.path.lexists(box) or not stat.S_ISDIR(os.lstat(box).st_mode):
        return
    with contextlib.suppress(OSError):  # the child may have taken away our permissions
        os.chmod(box, 0o700)
        for _, dirs, _, dir_fd in os.fwalk(box):
            for name in dirs:
                if stat.S_ISDIR(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode):
                    os.chmod(name, 0o700, dir_fd=dir_fd)
    shutil.rmtree(box, ignore_errors=True)


class Cgroup:
    """A cgroup v1 memory and pids pair for one run, made below this process's own cgroups."""

    def __init__(self, dirs: list[Path]) -> None:
        self._dirs = dirs

    @classmethod
    def create(cls, memory_bytes: int) -> "Cgroup":
        """Raises OSError where no writable cgroup v1 memory and pids hierarchy exists."""
        name = f"vecdrill-{uuid.uuid4().hex[:12]}"
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
        return [str(directory / "cgroup.procs") for directory in self._dirs]

    def pids(self) -> set[int]:
        found: set[int] = set()
        for path in self.procs_files():
            with contextlib.suppress(OSError, ValueError):
                found.update(int(pid) for pid in Path(path).read_text().split())
        return found

    def oom_kills(self) -> int:
        """The kernel's count of tasks it killed here for memory (the SIGKILL explanation)."""
        for directory in self._dirs:
            with contextlib.suppress(OSError, ValueError):
                for line in (directory / "memory.oom_control").read_text().splitlines():
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        return 0

    def hit_limit(self) -> bool:
        """Whether memory use ever reached the limit: past RLIMIT_DATA by the whole headroom, so
        the run was out of memory even when the reclaim that followed outlasted the wall clock."""
        for directory in self._dirs:
            with contextlib.suppress(OSError, ValueError):
                return int((directory / "memory.failcnt").read_text()) > 0
        return False

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


def _own_cgroup(controller: str) -> Path:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return _CGROUP_ROOT / controller / path.lstrip("/")
    raise FileNotFoundError(f"this process has no cgroup v1 {controller} controller")
