"""The learner's files: made from a drill's starter, never overwritten, reset only with a backup.

A learner's file is the one thing vecdrill must never lose. Creating one uses an exclusive open,
so an existing file always wins; a reset first copies the file into `paths.backups_dir()` under a
name no other backup has, and only then swaps the starter in with an atomic rename.

The files live in the workspace, a folder of their own (`paths.workspace_dir()`, or --workspace)
that is never inside a Python package or vecdrill's source tree. Older versions wrote them to
`./vecdrill/`, which in a clone is the package itself; `move_old_files` brings those over.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from vecdrill import files, paths
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError
from vecdrill.gate.scan import marker_drill_id
from vecdrill.messages import Message, message

OLD_FOLDER = Path("vecdrill")  # where older versions wrote the learner's files, relative to the cwd
_SOURCE_TREE = Path(__file__).resolve().parents[2]  # a clone's root, or site-packages when installed


@dataclass(frozen=True)
class Moved:
    """One of the learner's files found in OLD_FOLDER."""

    old: Path
    new: Path
    kept: bool  # the workspace had a file of that name already: both stay as they were


def folder(chosen: Path | None = None) -> Path:
    """The workspace: `chosen` (--workspace), else `paths.workspace_dir()`. Refused inside a Python
    package or vecdrill's source tree, where the learner's files would be imported, shipped in a
    wheel or committed; nothing is created here (the first file written makes it)."""
    where = (chosen.expanduser() if chosen is not None else paths.workspace_dir()).absolute()
    real = where.resolve()
    package = next((p for p in (real, *real.parents) if (p / "__init__.py").is_file()), None)
    inside = package or (_SOURCE_TREE if (_SOURCE_TREE / "pyproject.toml").is_file() else None)
    if inside is not None and real.is_relative_to(inside):
        code = "workspace_in_package" if package else "workspace_in_source"
        raise UsageError(
            message(
                "errors",
                code,
                where=str(where),
                inside=str(inside),
                env=paths.WORKSPACE_ENV,
                name=paths.WORKSPACE_NAME,
            )
        )
    return where


def prepare(chosen: Path | None, drill_ids: Collection[str]) -> tuple[Path, list[Moved]]:
    """The workspace (`folder`), after bringing over what older versions left in ./vecdrill/."""
    where = folder(chosen)
    return where, move_old_files(drill_ids, where)


def default_path(drill: Drill, workspace: Path) -> Path:
    return workspace / f"{drill.id}.py"


def move_old_files(drill_ids: Collection[str], workspace: Path, old: Path = OLD_FOLDER) -> list[Moved]:
    """Move the files older versions wrote to `old` (named ID.py for a drill in `drill_ids` and
    marked `# vecdrill: ID`; nothing else there is touched) into the workspace. Each is copied to
    a name nothing has yet, durably, and only then removed, so a crash leaves two copies, never
    none; a name the workspace has already, or a file changed during the copy, stays where it is."""
    if not old.is_dir() or old.resolve() == workspace.resolve():
        return []
    moves = []
    for file in sorted(old.glob("*.py")):
        if file.stem not in drill_ids or file.is_symlink() or not file.is_file():
            continue
        data = file.read_bytes()
        if marker_drill_id(data[:4096]) != file.stem:
            continue
        target = workspace / file.name
        workspace.mkdir(parents=True, exist_ok=True)
        try:
            _write_new(target, data)
        except FileExistsError:
            moves.append(Moved(file, target, kept=True))
            continue
        unchanged = file.read_bytes() == data
        if unchanged:
            file.unlink()
        moves.append(Moved(file, target, kept=not unchanged))
    if moves and not any(old.iterdir()):
        old.rmdir()  # the folder held only drill files: nothing is left to find there
    return moves


def starter_text(drill: Drill) -> str:
    """The drill's starter.py below a `# vecdrill: ID` marker line (so `check` knows the drill)."""
    starter = drill.file("starter.py").read_text(encoding="utf-8")
    if marker_drill_id(starter.encode()) == drill.id:
        return starter
    return f"# vecdrill: {drill.id}\n{starter}"


def create(drill: Drill, path: Path) -> bool:
    """Write the starter to `path` unless something is there already; True if it was written.

    A file there that is marked for another drill is refused, so `try` never watches the wrong one.
    """
    if path.is_file():
        marked = marker_drill_id(path.read_bytes()[:4096])
        if marked not in (None, drill.id):
            other = path.with_name(f"{drill.id}-2.py")
            raise UsageError(
                message("errors", "marked_other", path=str(path), marked=marked, other=str(other))
            )
        return False
    if path.exists() or path.is_symlink():
        raise UsageError(message("errors", "not_regular", path=str(path)))
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        _write_new(path, starter_text(drill).encode("utf-8"))
    except FileExistsError:
        return False  # made a moment ago by someone else: theirs wins
    return True


def is_starter(drill: Drill, data: bytes) -> bool:
    """True when `data` is exactly the starter (nothing of the learner's to lose)."""
    return data == starter_text(drill).encode("utf-8")


def needs_backup(drill: Drill, path: Path) -> bool:
    """True when `path` holds something of the learner's that a reset would replace."""
    if path.exists() and not path.is_file():
        raise UsageError(message("errors", "left_alone", path=str(path)))
    try:
        return not is_starter(drill, path.read_bytes())
    except FileNotFoundError:
        return False
    except OSError:
        return True  # what cannot be read may be the learner's


def reset(drill: Drill, path: Path) -> Path | None:
    """Put the starter back at `path`; returns the backup of what was there (None: nothing was)."""
    backup = _back_up(drill, path) if needs_backup(drill, path) else None
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_atomic(path, starter_text(drill))  # readers see the old file or the starter, never half
    return backup


def _back_up(drill: Drill, path: Path) -> Path:
    """Copy the file's bytes to a new, never reused name in the backups folder, durably."""
    data = path.read_bytes()
    folder = paths.backups_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for attempt in range(1000):
        target = folder / f"{drill.id}-{stamp}{f'-{attempt}' if attempt else ''}.py"
        try:
            _write_new(target, data)
        except FileExistsError:
            continue
        return target
    raise UsageError(message("errors", "backups_full", folder=str(folder), drill=drill.id))


def _write_new(path: Path, data: bytes) -> None:
    """Create the file (FileExistsError when one is there: never replace a file), write, fsync."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(fd, "wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())


def editor_command() -> list[str] | None:
    """$VISUAL, else $EDITOR, split as a shell would; None when neither is set."""
    chosen = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    return shlex.split(chosen) if chosen and chosen.strip() else None


def open_in_editor(command: list[str], path: Path) -> Message | None:
    """Run the learner's editor on the file and wait for it; a sentence if that failed."""
    try:
        ended = subprocess.run([*command, str(path)], check=False)
    except OSError as exc:
        return message("errors", "editor_failed", editor=command[0], error=exc.strerror, path=str(path))
    if ended.returncode != 0:
        return message("errors", "editor_status", editor=command[0], status=ended.returncode)
    return None
