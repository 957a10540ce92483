"""Whose turn it is to time: one GPU, one clock; and the machine's ceilings measured in quiet.

On the CPU each timing child has a core of its own; on a GPU every child shares the one device,
so the loop's child and the solution's child of one check (which run side by side), the files of
`--jobs N` and other vecdrill processes would time each other's kernels. So the parent takes the
GPU lock around every child run that uses CUDA: shared for a run that only computes there (any
number at once), exclusive for a run that times there. And the machine's limits (`machine`) are
measured once, with nothing timing meanwhile: the timing lock is shared by every run that times
(on any device) and exclusive to that measurement, which would otherwise share the memory bus
with a timed child and read the machine as slower than it is.

The parent holds the locks, never the child: a solution runs in the same process as its timer
and could hold a lock the child took for ever, or let it go early. They are flocks on files in
vecdrill's cache folder, so separate vecdrill processes (two terminals, a grading script beside a
learner) take turns as well; an flock ends with its process, so a vecdrill that was killed leaves
nothing held. A run waits before its child starts, so the wait is never counted in its limits.
Every holder takes the timing lock before the GPU lock, so no two can wait for each other.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from collections.abc import Iterable, Iterator

from vecdrill import paths

GPU_LOCK = "gpu.lock"
TIMING_LOCK = "timing.lock"
_ALONE = threading.Lock()  # where the cache folder cannot hold the lock files: this process only


def gpu_mode(devices: Iterable[str], timed: Iterable[str]) -> int | None:
    """The GPU lock a run needs: exclusive when it times on CUDA, shared when it only computes
    there, none off the GPU."""
    if any(device.startswith("cuda") for device in timed):
        return fcntl.LOCK_EX
    if any(device.startswith("cuda") for device in devices):
        return fcntl.LOCK_SH
    return None


@contextlib.contextmanager
def for_run(devices: Iterable[str], timed: Iterable[str] = ()) -> Iterator[None]:
    """Hold what a child run on `devices` that times on `timed` needs, while it runs."""
    timed = list(timed)
    with (
        _holding(TIMING_LOCK, fcntl.LOCK_SH if timed else None),
        _holding(GPU_LOCK, gpu_mode(devices, timed)),
    ):
        yield


@contextlib.contextmanager
def measuring(devices: Iterable[str]) -> Iterator[None]:
    """Hold the machine alone (nothing of vecdrill times meanwhile) and, for CUDA, the GPU."""
    with _holding(TIMING_LOCK, fcntl.LOCK_EX), _holding(GPU_LOCK, gpu_mode([], devices)):
        yield


@contextlib.contextmanager
def _holding(name: str, how: int | None) -> Iterator[None]:
    if how is None:
        yield
        return
    try:
        folder = paths.cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / name, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:
        with _ALONE if how == fcntl.LOCK_EX else contextlib.nullcontext():
            yield
        return
    try:
        fcntl.flock(fd, how)  # each open file is its own holder: threads of one process take turns too
        yield
    finally:
        os.close(fd)  # which releases it
