"""Remember validated drills between runs, so `list` and `check` skip parsing 43 manifests.

Reading a drill means parsing its TOML and the Python of three files (about 2 ms each, 80 ms for
the catalogue), on the path of every command. The cache keeps each valid drill as JSON beside a
stamp of its files (inode, size, modification time); a changed file, another vecdrill (its
version or its reader, `content/drill.py`) or an unreadable cache means the drill is read again.
Broken drills are never cached, so their problem is reported afresh every time. The cache is one
JSON document in the cache folder, replaced atomically; losing it costs only time.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

from vecdrill import files, paths, wire
from vecdrill.content import bound, drill
from vecdrill.content.drill import DRILL_FILES, MANIFEST, Drill, load_drill
from vecdrill.version import __version__

CACHE_VERSION = 1
RACY_NS = 2_000_000_000


class DrillCache:
    """Validated drills keyed by folder; `save` writes back only when something was re-read."""

    def __init__(self, file: Path | None = None) -> None:
        self.file = file or paths.cache_dir() / "drills.json"
        self._entries = self._read()
        self._changed = False

    def load(self, folder: Path) -> Drill:
        """The drill in `folder`, from the cache when its files are unchanged (else `load_drill`,
        whose `DrillError` propagates)."""
        stamp = _stamp(folder)
        entry = self._entries.get(str(folder))
        if stamp is not None and isinstance(entry, dict) and entry.get("stamp") == stamp:
            with contextlib.suppress(KeyError, TypeError, ValueError, wire.ProtocolError):
                return _decode(folder, entry["drill"])
        found = load_drill(folder)
        if stamp is not None and not _racy(stamp):
            self._entries[str(folder)] = {"stamp": stamp, "drill": _encode(found)}
            self._changed = True
        return found

    def save(self) -> None:
        if not self._changed:
            return
        document = {"version": CACHE_VERSION, "reader": _reader(), "drills": self._entries}
        with contextlib.suppress(OSError):
            self.file.parent.mkdir(parents=True, exist_ok=True)
            files.write_atomic(self.file, json.dumps(document))
        self._changed = False

    def _read(self) -> dict[str, Any]:
        try:
            document = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if (
            not isinstance(document, dict)
            or document.get("version") != CACHE_VERSION
            or document.get("reader") != _reader()
            or not isinstance(document.get("drills"), dict)
        ):
            return {}
        entries: dict[str, Any] = document["drills"]
        return entries


def _reader() -> list[Any]:
    """Which code validated the cached drills (`drill` and its `bound`): a changed reader
    re-validates every drill."""
    stamps = [os.stat(str(module.__file__)) for module in (drill, bound)]
    return [__version__, *(value for info in stamps for value in (info.st_size, info.st_mtime_ns))]


def _stamp(folder: Path) -> list[list[int]] | None:
    """Identity of every file a drill is read from; None when one is missing (not cacheable)."""
    stamp = []
    for name in (MANIFEST, *DRILL_FILES):
        try:
            info = os.stat(folder / name)
        except OSError:
            return None
        stamp.append([info.st_ino, info.st_size, info.st_mtime_ns])
    return stamp


def _racy(stamp: list[list[int]]) -> bool:
    """A file changed in the last seconds could change again within the file system's clock
    tick without changing its stamp (as in git's "racily clean" index): do not cache it yet."""
    return max(mtime for _, _, mtime in stamp) > time.time_ns() - RACY_NS


def _encode(found: Drill) -> dict[str, Any]:
    data: dict[str, Any] = wire.to_plain(found)
    data.pop("folder")
    return data


def _decode(folder: Path, data: object) -> Drill:
    """The cached drill, every field checked against the model's types (a damaged entry raises
    ProtocolError, and the drill is read again)."""
    if not isinstance(data, dict):
        raise wire.ProtocolError("a cached drill is not an object")
    return wire.from_plain(Drill, {**data, "folder": str(folder)})
