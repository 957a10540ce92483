"""Wait for the learner's next save, with watchfiles.

The file's folder is watched, not the file: an editor's atomic save (write a temporary file, then
rename it over the original) replaces the inode that a watch on the file would follow. Events only
say when to look; the content decides. A change is reported as soon as the file's content differs
from what was last checked, so its check starts at once, on the bytes read then (the check reads the
file no more); the verdict counts only if the content then stayed the same for SETTLE_MS
(`settled`), which a check lasts anyway. A save written in pieces is thus judged once, whole: a
check that began on a half-written file is dropped unseen.

The native watcher (inotify on Linux) reports a change within a few milliseconds. Where it cannot
start (no inotify, or its limits reached), or with VECDRILL_WATCH=poll (a network filesystem that
another machine writes to: inotify sees only this machine's writes), the folder is polled instead.
watchfiles' poller compares whole seconds of modification time, which can hide two quick saves, so
while polling the file is also read on every tick while it is freshly modified or its stat changed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Generator
from pathlib import Path
from types import TracebackType

import watchfiles

from vecdrill.checking.submission import Source, Unreadable, read_source
from vecdrill.errors import UsageError
from vecdrill.messages import Message, message

STEP_MS = 5  # how often watchfiles looks at the events its thread has collected (its default: 50)
SETTLE_MS = 20  # a save counts once its content has not changed for this long; also one tick
DEBOUNCE_MS = 50  # the longest a burst of events is grouped before it is reported (default: 1600)
POLL_MS = 20  # the folder's poll interval when polling (its default: 300)
RECENT_SECONDS = 2.0  # while polling, a file modified this recently is hashed on every tick
MISSING_SECONDS = 1.0  # an editor's rename leaves the path empty only for a moment
MODES = ("native", "poll")
Save = Source | Unreadable  # what a check of the file would get: its bytes, or why it cannot read them


def requested_mode() -> str:
    """VECDRILL_WATCH: `native` (the default; polls if the native watcher cannot start) or `poll`."""
    mode = os.environ.get("VECDRILL_WATCH") or "native"
    if mode not in MODES:
        raise UsageError(message("errors", "watch_mode", mode=mode, choices=", ".join(MODES)))
    return mode


class FileWatcher:
    """The saves of one file. Open it (`with`) before the first look at the file, so that a save
    made in between is not missed; events that arrive while a check runs wait for the next call."""

    def __init__(self, path: Path, on_note: Callable[[Message], None]) -> None:
        self.file = path  # as the learner named it, which the check's messages repeat
        self.path = path.absolute()
        self.polling = requested_mode() == "poll"
        self._say = on_note
        self._events: Generator[set[tuple[watchfiles.Change, str]], None, None] | None = None
        self._opened: tuple[int, int] | None = None  # the folder being watched
        self._stat: tuple[int, ...] | None = None
        self._missing_since: float | None = None
        self._seen: tuple[Save | None, float] = (None, 0.0)  # the last change reported, and when

    def __enter__(self) -> FileWatcher:
        self._open()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._close()

    def next_change(
        self, checked: Save | None, interrupted: Callable[[], bool] = lambda: False
    ) -> Save | None:
        """Wait until the file's content differs from `checked`; return what was read at once. None
        as soon as `interrupted()` (asked once a tick: a key pressed in `vecdrill try`) says so."""
        while True:
            saved = self._look(checked)
            if saved is not None:
                self._seen = (saved, time.monotonic())
                return saved
            if interrupted():
                return None
            while not (self._tick() or self._polled_change() or interrupted()):
                self._notice_absence(time.monotonic())

    def settled(self, saved: Save) -> bool:
        """True when the file still holds `saved`, SETTLE_MS or more after that content was first
        seen (waiting out the rest of that time if a check was quicker); False: it changed since."""
        seen, at = self._seen
        if seen != saved:
            return False
        time.sleep(max(0.0, at + SETTLE_MS / 1000 - time.monotonic()))
        return read_save(self.file) == saved

    def _look(self, checked: Save | None) -> Save | None:
        """What the file holds if it differs from `checked`, else None."""
        saved = read_save(self.file)
        if saved is None:
            self._missing_since = self._missing_since or time.monotonic()
        else:
            self._missing_since = None
        return None if saved == checked else saved

    def _notice_absence(self, now: float) -> None:
        if self._missing_since is not None and now - self._missing_since > MISSING_SECONDS:
            self._say(message("errors", "watch_gone", path=str(self.path)))
            self._missing_since = float("inf")  # say it once per absence

    def _tick(self) -> bool:
        """Wait one tick: True if the file or its folder changed, False after SETTLE_MS without a
        change to the file (or sooner, after a change to another file in the folder)."""
        if self._events is None:
            if self._open():
                return True  # what happened while nothing watched went unseen: look
            time.sleep(SETTLE_MS / 1000)  # the folder is gone; look for it again next tick
            return False
        try:
            changes = next(self._events)
        except (OSError, RuntimeError) as problem:  # RuntimeError: watchfiles' internal errors
            self._fall_back(problem)
            return True
        if any(kind is watchfiles.Change.deleted for kind, _ in changes) and self._folder() != self._opened:
            self._close()  # the folder went or moved: its watch is dead; a new one starts next tick
            return True
        # by name: some platforms report the folder's real path (macOS: /private/tmp for /tmp)
        return any(os.path.basename(path) == self.path.name for _, path in changes)

    def _open(self) -> bool:
        """Start watching the folder; False if it does not exist."""
        opened = self._folder()
        if opened is None:
            return False
        events = watchfiles.watch(
            self.path.parent,
            watch_filter=None,
            debounce=DEBOUNCE_MS,
            step=STEP_MS,
            rust_timeout=SETTLE_MS,
            yield_on_timeout=True,
            force_polling=self.polling,
            poll_delay_ms=POLL_MS,
            recursive=False,
        )
        try:
            next(events)  # the watcher starts on the first step; it has not seen anything yet
        except FileNotFoundError:
            return False
        except (OSError, RuntimeError) as problem:
            self._fall_back(problem)
            return self._events is not None
        self._events, self._opened = events, opened
        return True

    def _folder(self) -> tuple[int, int] | None:
        """The folder's identity, None if it is gone."""
        try:
            info = os.stat(self.path.parent)
        except OSError:
            return None
        return (info.st_dev, info.st_ino)

    def _fall_back(self, problem: Exception) -> None:
        self._close()
        if self.polling:
            raise UsageError(
                message("errors", "cannot_watch", folder=str(self.path.parent), problem=str(problem))
            ) from None
        self.polling = True
        self._say(
            message("errors", "watch_polls", problem=str(problem), folder=str(self.path.parent), ms=POLL_MS)
        )
        self._open()

    def _close(self) -> None:
        if self._events is not None:
            self._events.close()
            self._events = None

    def _polled_change(self) -> bool:
        """While polling: the file's stat changed, or it was modified within RECENT_SECONDS."""
        if not self.polling:
            return False
        try:
            info = os.stat(self.path)
        except OSError:
            stat = None
        else:
            stat = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        changed, self._stat = stat != self._stat, stat
        return changed or (stat is not None and time.time_ns() - stat[2] < RECENT_SECONDS * 1e9)


def read_save(path: Path) -> Save | None:
    """What a check of `path` gets (its bytes, or why it cannot read them); None if it is gone."""
    try:
        return read_source(path)
    except UsageError:
        return None
