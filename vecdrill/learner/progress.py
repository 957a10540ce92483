"""The learner's progress: one versioned JSON file that survives kills, races and corruption.

Each change is a locked read-modify-write ending in an atomic replace, so parallel checks never
lose each other's updates and a kill never tears the file. A file this version cannot use is
moved aside, never overwritten, and `Progress.notice` tells the learner where it went.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from vecdrill import files, paths
from vecdrill.messages import Message, message

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

FORMAT_VERSION = 1

_NONE = type(None)
_FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "solved": (bool,),
    "first_solved": (str, _NONE),
    "last_checked": (str, _NONE),
    "attempts": (int,),
    "hints_shown": (int,),
    "best_speedup": (int, float, _NONE),
    "file": (str, _NONE),
}


@dataclass
class DrillProgress:
    """What vecdrill remembers about one drill; `solved` stays true once earned."""

    solved: bool = False
    first_solved: str | None = None
    last_checked: str | None = None
    attempts: int = 0
    hints_shown: int = 0
    best_speedup: float | None = None
    file: str | None = None
    # Keys written by a newer vecdrill of the same format version, kept so a downgrade keeps them.
    extra: dict[str, object] = field(default_factory=dict)


@dataclass
class Progress:
    """All drills' progress, plus a sentence for the learner when an old file was set aside."""

    drills: dict[str, DrillProgress] = field(default_factory=dict)
    notice: Message | None = None


class _Unusable(Exception):
    """The file holds something other than a progress document this version understands."""

    def __init__(self, reason: Message, future_version: int | None = None) -> None:
        super().__init__(reason.text("en"))
        self.reason = reason
        self.future_version = future_version


def load(path: Path | None = None) -> Progress:
    """Read progress without locking (writes are atomic); a missing file is empty progress, and
    one that cannot be read at all (a folder in its place, no permission) is empty progress with a
    notice: the views that show progress still show everything else."""
    target = path if path is not None else paths.progress_file()
    try:
        try:
            return Progress(_read(target))
        except _Unusable:
            with _locked(target):
                return _read_or_set_aside(target)
    except OSError as exc:
        error, place = exc.strerror or str(exc), str(exc.filename or target)
        return Progress(notice=message("errors", "progress_unreadable", error=error, place=place))


def record_attempt(
    drill_id: str,
    *,
    passed: bool,
    speedup: float | None = None,
    file: Path | None = None,
    path: Path | None = None,
) -> Progress:
    """Count one check; a pass marks the drill solved and keeps the best finite speedup."""
    with _editing(path) as progress:
        drill = progress.drills.setdefault(drill_id, DrillProgress())
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        drill.attempts += 1
        drill.last_checked = now
        if file is not None:
            drill.file = str(file.resolve())
        if passed:
            drill.solved = True
            drill.first_solved = drill.first_solved or now
        if passed and speedup is not None and math.isfinite(speedup):  # inf: timer too coarse
            drill.best_speedup = max(float(speedup), drill.best_speedup or 0.0)
    return progress


def record_hint(drill_id: str, shown: int, path: Path | None = None) -> Progress:
    """Remember the most hint steps ever shown for a drill; showing fewer later lowers nothing."""
    with _editing(path) as progress:
        drill = progress.drills.setdefault(drill_id, DrillProgress())
        drill.hints_shown = max(drill.hints_shown, shown)
    return progress


def solved_ids(progress: Progress) -> set[str]:
    """The ids of every drill the learner has solved at least once."""
    return {drill_id for drill_id, drill in progress.drills.items() if drill.solved}


@contextlib.contextmanager
def _editing(path: Path | None) -> Iterator[Progress]:
    """Lock, read, let the caller change the progress, then replace the file atomically."""
    target = path if path is not None else paths.progress_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    with _locked(target):
        progress = _read_or_set_aside(target)
        yield progress
        # The lock makes one fixed temporary name safe, and a kill then leaves no litter.
        files.write_atomic(target, _serialize(progress.drills), temp=target.with_name(target.name + ".tmp"))


def _read_or_set_aside(path: Path) -> Progress:
    """Read under the lock, so the file set aside is the one judged unusable, not a fresh one."""
    try:
        return Progress(_read(path))
    except _Unusable as problem:
        where = {"path": str(path), "aside": str(_set_aside(path, problem))}
        if problem.future_version is None:
            notice = message("errors", "progress_set_aside", problem=problem.reason, **where)
        else:
            version, current = problem.future_version, FORMAT_VERSION
            notice = message("errors", "progress_newer", version=version, current=current, **where)
        return Progress({}, notice=notice)


def _read(path: Path) -> dict[str, DrillProgress]:
    """A missing file is no progress yet; anything else this version cannot use raises."""
    try:
        document = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return {}
    except (ValueError, RecursionError) as error:
        raise _Unusable(message("errors", "progress_json", error=str(error))) from error
    version = document.get("version") if isinstance(document, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _Unusable(message("errors", "progress_no_version"))
    if version > FORMAT_VERSION:
        raise _Unusable(message("errors", "progress_version", version=version), future_version=version)
    drills = document.get("drills")
    if not isinstance(drills, dict):
        raise _Unusable(message("errors", "progress_drills"))
    return {drill_id: _parse_drill(drill_id, entry) for drill_id, entry in drills.items()}


def _parse_drill(drill_id: str, entry: object) -> DrillProgress:
    if not isinstance(entry, dict):
        raise _Unusable(message("errors", "progress_entry", drill=drill_id))
    drill = DrillProgress(extra={k: v for k, v in entry.items() if k not in _FIELD_TYPES})
    for name, types in _FIELD_TYPES.items():
        if name not in entry:
            continue
        value = entry[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise _Unusable(message("errors", "progress_field", drill=drill_id, field=name))
        setattr(drill, name, value)
    return drill


def _serialize(drills: dict[str, DrillProgress]) -> bytes:
    entries = {}
    for drill_id, drill in sorted(drills.items()):
        known = asdict(drill)
        entries[drill_id] = {**known.pop("extra"), **known}
    document = {"version": FORMAT_VERSION, "drills": entries}
    return (json.dumps(document, indent=2) + "\n").encode("utf-8")


def _set_aside(path: Path, problem: _Unusable) -> Path:
    """Rename the unusable file to a name no earlier set-aside file already uses."""
    tag = "corrupt" if problem.future_version is None else f"v{problem.future_version}"
    base = f"{path.name}.{tag}-{datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%SZ')}"
    aside, counter = path.with_name(base), 1
    while aside.exists():
        aside, counter = path.with_name(f"{base}-{counter}"), counter + 1
    os.replace(path, aside)
    files.fsync_folder(path.parent)
    return aside


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `<file>.lock`, which stays: deleting it would race."""
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        _lock_exclusive(fd)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _lock_exclusive(fd: int) -> None:
    if sys.platform == "win32":
        while True:  # best effort: msvcrt's LK_LOCK gives up after about 10 s, so keep queueing
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
                return
            except OSError as error:
                if error.errno != errno.EDEADLOCK:
                    raise
    else:
        fcntl.flock(fd, fcntl.LOCK_EX)
