"""End everything a sandboxed run started and delete what it left, whatever it did to hide.

A process group kill misses children that called setsid(), so every process of a run also carries
a marker in its environment (see `wire.run_marker`); where the run has a cgroup, its members are
killed too. Whatever a vecdrill killed with SIGKILL leaves behind (its children die with it: see
`supervise.child_setup`), the next one removes: each box and cgroup is named after the process that
made it (`owned_name`), and `is_stale` tells one whose maker is gone.
"""

import contextlib
import functools
import os
import re
import shutil
import signal
import stat
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

_OWNED = re.compile(r"^vecdrill-[a-z]+-(\d+)-(\d+)-")

_KILL_ROUNDS = 400
_ROUND_PAUSE_SECONDS = 0.005


def kill_tree(pid: int, marker: bytes, members: Callable[[], Iterable[int]] = tuple) -> None:
    """SIGKILL the child's process group, then every live process carrying this run's marker
    or listed by `members` (its cgroup's), until none is left (a forking process is caught next
    round). The calling process is never one of them."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
    kill_marked(marker, members)


def kill_marked(marker: bytes, members: Callable[[], Iterable[int]] = tuple) -> None:
    """SIGKILL every live process carrying `marker` or listed by `members`, round after round
    until none is left; for a run whose pid is not known yet (it is being started)."""
    for _ in range(_KILL_ROUNDS):
        found = tagged_pids(marker) | {other for other in members() if _alive(other)}
        found.discard(os.getpid())
        if not found:
            return
        for other in found:
            with contextlib.suppress(OSError):
                os.kill(other, signal.SIGKILL)
        time.sleep(_ROUND_PAUSE_SECONDS)


def tagged_pids(marker: bytes) -> set[int]:
    """Live processes whose environment holds `marker` (a NAME=value entry), never this one: a
    warm zygote carries its grandchildren's marker too."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return set()
    own = os.getpid()
    return {
        int(name)
        for name in names
        if name.isdigit() and int(name) != own and _carries(int(name), marker) and _alive(int(name))
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


def owned_name(kind: str) -> str:
    """The prefix of a box or cgroup this process makes: `vecdrill-KIND-PID-START-`, where START
    (the process's start time) tells this process from a later one given the same pid."""
    return f"vecdrill-{kind}-{os.getpid()}-{_started(os.getpid())}-"


def is_stale(name: str) -> bool:
    """Whether `name` is a box or cgroup whose maker is no longer running."""
    match = _OWNED.match(name)
    return match is not None and _started(int(match.group(1))) != int(match.group(2))


@functools.cache
def reap_stale_boxes() -> None:
    """Remove, once per process, the boxes that a vecdrill killed before it could clean up left
    in the temporary folder."""
    with contextlib.suppress(OSError):
        for entry in Path(tempfile.gettempdir()).iterdir():
            if is_stale(entry.name):
                remove_box(entry)


def _started(pid: int) -> int:
    """The process's start time (in clock ticks since boot); -1 for no such process."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[19])
    except (OSError, IndexError, ValueError):
        return -1
