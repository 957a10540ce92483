"""End every child vecdrill started, at once, when vecdrill itself is told to stop.

`timeout` and a CI runner stop a program with SIGTERM, a closed terminal sends SIGHUP, a learner
presses Ctrl-C (SIGINT). Python's default for the first two ends the process on the spot, so no
`finally` runs; for SIGINT it raises KeyboardInterrupt in the main thread only, while a check's
reference loop is supervised in another thread and would run on to its own limit (minutes). The
children live in sessions of their own, so no signal to vecdrill's process group reaches them.

So every run registers here before its process starts (`start`), and `install` makes each of
these signals end them all first (every process carrying the run's marker, see `reaper`), then
raise `Stopped` in the main thread, which unwinds as Ctrl-C does: boxes deleted, cgroups removed,
exit status 128 + the signal. A run asked for after that is refused with `Stopped` too, so a
thread that was between two checks starts nothing new.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterable
from types import FrameType

from vecdrill.supervisor import reaper

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Stopped(KeyboardInterrupt):
    """vecdrill was told to stop by `signum`; it unwinds as a KeyboardInterrupt does."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Run:
    """One run's processes, known by its marker before it starts and by its pid after."""

    def __init__(self, marker: bytes, members: Callable[[], Iterable[int]]) -> None:
        self.marker = marker
        self.members = members
        self.pid: int | None = None

    def kill(self) -> None:
        if self.pid is not None:
            reaper.kill_tree(self.pid, self.marker, self.members)
        else:
            reaper.kill_marked(self.marker, self.members)


_LIVE: dict[int, Run] = {}  # id(run) -> run; plain dict operations, safe in a signal handler
_STOPPED: list[int] = []  # the signal that stopped vecdrill, once one has


def start(marker: bytes, members: Callable[[], Iterable[int]] = tuple) -> Run:
    """Register a run that is about to start (call `started` with its pid once it has); Stopped
    instead when vecdrill is stopping. Registering before the process exists means a signal
    that comes while it starts still finds it by its marker."""
    if _STOPPED:
        raise Stopped(_STOPPED[0])
    run = Run(marker, members)
    _LIVE[id(run)] = run
    if _STOPPED:  # the signal came between the test above and the registration
        finish(run)
        raise Stopped(_STOPPED[0])
    return run


def started(run: Run, pid: int) -> None:
    run.pid = pid
    if _STOPPED:  # the signal came while the process started: it was killed by marker, if at all
        run.kill()


def finish(run: Run) -> None:
    """The run is over and reaped: nothing of it is left to end."""
    _LIVE.pop(id(run), None)


def received() -> int | None:
    """The signal that stopped vecdrill, if one has: its exit status is 128 + it."""
    return _STOPPED[0] if _STOPPED else None


def stop_all(signum: int) -> None:
    """Refuse new runs, then end every registered one."""
    if not _STOPPED:
        _STOPPED.append(signum)
    for run in list(_LIVE.values()):
        with contextlib.suppress(Exception):  # one that cannot be ended must not spare the others
            run.kill()


def install() -> None:
    """Make SIGINT, SIGTERM and SIGHUP end every run, then raise `Stopped` in the main thread.
    Only the main thread may set handlers; elsewhere (an embedding program) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        stop_all(signum)
        raise Stopped(signum)

    for signum in SIGNALS:
        signal.signal(signum, handler)
