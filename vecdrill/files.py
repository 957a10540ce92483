"""Replace a file all at once, so that no reader, kill or crash ever sees half of it.

Every file vecdrill rewrites goes through here: the learner's progress and a reset drill file (which
must survive), and the caches (which must never be read torn).
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

_BINARY = getattr(os, "O_BINARY", 0)  # Windows would otherwise translate line endings


def write_atomic(path: Path, data: bytes | str, *, temp: Path | None = None) -> None:
    """Write `data` (text as UTF-8) beside `path`, fsync it, rename it over `path`, fsync the folder.

    Readers see the old file or the new one, and after a crash one of the two survives. A write that
    fails (a full disk, a file size limit) raises, leaving the old file as it was and no temporary
    file behind. `temp` names the temporary file for a caller holding a lock, so that a kill in the
    middle leaves no litter; without it each write gets a fresh name, which keeps writers apart.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, written = _open_temporary(path, temp)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(written, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(written)
        raise
    fsync_folder(path.parent)


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable; skipped where folders cannot be opened (Windows)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _open_temporary(path: Path, temp: Path | None) -> tuple[int, Path]:
    """A new file beside `path` (mode 0644 less the umask, like any file vecdrill creates)."""
    if temp is not None:
        return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _BINARY, 0o644), temp
    while True:
        candidate = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o644), candidate
        except FileExistsError:
            continue
