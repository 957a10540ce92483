"""One GPU, one clock: a child that times on CUDA has the GPU to itself.

On the CPU each timing child has a core of its own; on a GPU every child shares the one device,
so the loop's child and the solution's child of one check (which run side by side), the files of
`--jobs N` and other vecdrill processes would time each other's kernels. So the parent takes a
lock around every child run that uses CUDA: shared for a run that only computes there (any number
at once), exclusive for a run that times there. The parent holds it, never the child: a solution
runs in the same process as its timer and could hold a lock the child took for ever, or let it go
early. It is an flock on a file in vecdrill's cache folder, so separate vecdrill processes (two
terminals, a grading script beside a learner) take turns as well; flock ends with the process, so
a vecdrill that was killed leaves nothing held. A run waits for the lock before its child starts,
so the wait is never counted in the child's time limits.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from collections.abc import Iterable, Iterator

from vecdrill import paths

LOCK_FILE = "gpu.lock"
_ALONE = threading.Lock()  # where the cache folder cannot hold the lock file: this process only


def mode(devices: Iterable[str], timed: Iterable[str]) -> int | None:
    """The lock a run needs: exclusive when it times on CUDA, shared when it only computes there,
    none off the GPU."""
    if any(device.startswith("cuda") for device in timed):
        return fcntl.LOCK_EX
    if any(device.startswith("cuda") for device in devices):
        return fcntl.LOCK_SH
    return None


@contextlib.contextmanager
def holding(devices: Iterable[str], timed: Iterable[str] = ()) -> Iterator[None]:
    """Hold the lock `mode` gives for the run inside (nothing for a run off the GPU)."""
    how = mode(devices, timed)
    if how is None:
        yield
        return
    try:
        folder = paths.cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:
        with _ALONE if how == fcntl.LOCK_EX else contextlib.nullcontext():
            yield
        return
    try:
        fcntl.flock(fd, how)  # each open file is its own holder: threads of one process take turns too
        yield
    finally:
        os.close(fd)  # which releases it
