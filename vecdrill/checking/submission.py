"""Read a learner's file safely, once, and decide which drill it is for.

The bytes read here are the bytes the static gate checks and the sandbox executes. Special files are
refused before they are opened for reading (a FIFO would block, a symlink could point anywhere).
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError
from vecdrill.gate.scan import MAX_SOURCE_BYTES, defined_functions, marker_drill_id


@dataclass(frozen=True)
class Unreadable:
    """Why a path cannot be checked; becomes a `syntax` verdict for that file."""

    message: str


def read_source(path: Path) -> bytes | Unreadable:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise UsageError(f"{str(path)!r} does not exist; check the path") from None
    if stat.S_ISLNK(info.st_mode):
        return Unreadable(f"{path} is a symbolic link; pass the file it points to instead")
    if stat.S_ISDIR(info.st_mode):
        return Unreadable(f"{path} is a directory; pass a Python file")
    if not stat.S_ISREG(info.st_mode):
        return Unreadable(f"{path} is not a regular file (a FIFO, socket or device); pass a Python file")
    if info.st_size > MAX_SOURCE_BYTES:
        return Unreadable(
            f"{path} is {info.st_size} bytes, more than the "
            f"{MAX_SOURCE_BYTES // 1024} KiB a solution may have"
        )
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return Unreadable(f"{path} is a symbolic link; pass the file it points to instead")
        return Unreadable(f"{path} cannot be read ({exc.strerror}); check its permissions")
    with os.fdopen(fd, "rb") as stream:
        data = stream.read(MAX_SOURCE_BYTES + 1)
    if len(data) > MAX_SOURCE_BYTES:
        return Unreadable(f"{path} is larger than the {MAX_SOURCE_BYTES // 1024} KiB a solution may have")
    return data


def resolve_drill(path: Path, source: bytes | None, catalogue: Catalogue, drill_id: str | None) -> Drill:
    """--drill, else the `# vecdrill: ID` marker, else the one drill whose function is defined."""
    if drill_id:
        return catalogue.get(drill_id)
    if source is not None:
        marked = marker_drill_id(source)
        if marked:
            return catalogue.get(marked)
        names = defined_functions(source) or set()
        matches = [d for d in catalogue.drills.values() if d.function in names]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            ids = ", ".join(sorted(d.id for d in matches))
            raise UsageError(
                f"{path} defines functions of several drills ({ids}); name one "
                "with --drill ID or a first line '# vecdrill: ID'"
            )
    raise UsageError(
        f"cannot tell which drill {path} is for; add a first line "
        "'# vecdrill: ID' or pass --drill ID (see `vecdrill list`)"
    )
