"""Read a learner's file safely, once, and decide which drill it is for.

The bytes read here (a `Source`) travel with the check: what a grade hashes for its resume key, the
static gate checks, the sandbox executes and the result records are these same bytes, however the
file changes meanwhile. Special files are refused before they are opened for reading (a FIFO would
block, a symlink could point anywhere).
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError
from vecdrill.gate.scan import MAX_SOURCE_BYTES, defined_functions, marker_drill_id
from vecdrill.messages import Message, message


@dataclass(frozen=True)
class Source:
    """A solution's bytes as read once, and the path (or label: a notebook cell) that names it.
    Two reads are equal when their bytes are (a watcher compares saves by content)."""

    path: Path = field(compare=False)
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


@dataclass(frozen=True)
class Unreadable:
    """Why a path cannot be checked; becomes a `syntax` verdict for that file."""

    path: Path
    message: Message


def read_source(path: Path) -> Source | Unreadable:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise UsageError(message("errors", "no_file", path=str(path))) from None
    if stat.S_ISLNK(info.st_mode):
        return _unreadable(path, "symlink")
    if stat.S_ISDIR(info.st_mode):
        return _unreadable(path, "directory")
    if not stat.S_ISREG(info.st_mode):
        return _unreadable(path, "special_file")
    if info.st_size > MAX_SOURCE_BYTES:
        return _unreadable(path, "too_large", size=info.st_size, most=MAX_SOURCE_BYTES // 1024)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return _unreadable(path, "symlink")
        return _unreadable(path, "unreadable", error=exc.strerror)
    with os.fdopen(fd, "rb") as stream:
        data = stream.read(MAX_SOURCE_BYTES + 1)
    if len(data) > MAX_SOURCE_BYTES:
        return _unreadable(path, "grew_too_large", most=MAX_SOURCE_BYTES // 1024)
    return Source(path, data)


def _unreadable(path: Path, code: str, **values: object) -> Unreadable:
    return Unreadable(path, message("errors", code, path=str(path), **values))


def resolve_drill(read: Source | Unreadable, catalogue: Catalogue, drill_id: str | None) -> Drill:
    """--drill, else the `# vecdrill: ID` marker, else the one drill whose function is defined."""
    if drill_id:
        return catalogue.get(drill_id)
    path = read.path
    if isinstance(read, Source):
        source = read.data
        marked = marker_drill_id(source)
        if marked:
            return catalogue.get(marked)
        names = defined_functions(source) or set()
        matches = [d for d in catalogue.drills.values() if d.function in names]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            ids = ", ".join(sorted(d.id for d in matches))
            raise UsageError(message("errors", "several_drills", path=str(path), ids=ids))
    raise UsageError(message("errors", "which_drill", path=str(path)))
