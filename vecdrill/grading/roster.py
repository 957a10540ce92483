"""Who handed in what: the students of a class, the drill each file is for, and the shards.

A class is a folder with one folder per student, or a pattern such as `class/*/vecdrill/*.py`
whose first wildcard names the student. A file is for a drill as `vecdrill check` decides (the
`# vecdrill: ID` line, else the one drill whose function it defines), else by its name
(`relu-where.py`). The drills graded are the `--drill` list, else every drill some student handed
in, so a student without a file for one of them gets a `missing` row. Each file is read here, once:
its drill, its hashes and its check all see these bytes.
"""

from __future__ import annotations

import glob
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from vecdrill.checking.submission import Source, Unreadable, read_source, resolve_drill
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError
from vecdrill.messages import Message, message


@dataclass(frozen=True)
class Submission:
    student: str
    drill: Drill
    read: Source | Unreadable  # the file's bytes as read once, or why they cannot be

    @property
    def path(self) -> Path:
        return self.read.path


@dataclass(frozen=True)
class Ignored:
    """A file that is not graded, and why (it is listed in the gradebook, in the teacher's language)."""

    file: str
    reason: Message


@dataclass
class Roster:
    students: list[str]
    drills: list[str]  # the drills graded, in catalogue order
    submissions: list[Submission]
    ignored: list[Ignored] = field(default_factory=list)


MAX_SHARDS = 10_000  # more shards than any CI matrix runs


@dataclass(frozen=True, order=True)
class Shard:
    """Shard `index` of `count` (1-based): the rows whose student and drill hash to it, so each
    row lands in one shard whatever the order of files on disk."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        index, _, count = text.partition("/")
        digits = all(part.isascii() and part.isdigit() for part in (index, count))  # not '²'
        if not (digits and 1 <= int(index) <= int(count) <= MAX_SHARDS):
            raise UsageError(message("errors", "shard", shard=text, most=MAX_SHARDS))
        return cls(int(index), int(count))

    def holds(self, student: str, drill_id: str) -> bool:
        digest = hashlib.sha256(f"{student}\0{drill_id}".encode()).digest()
        return int.from_bytes(digest[:8], "big") % self.count == self.index - 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def find(target: str, catalogue: Catalogue, drill_ids: list[str]) -> Roster:
    """Every student's files under `target` (a folder or a pattern), each for one drill. Nothing
    is reached through a symbolic link: a link to another student's folder or file would hand in
    their work, and one out of the class would grade what lies elsewhere."""
    chosen = [catalogue.get(drill_id) for drill_id in dict.fromkeys(drill_ids)]
    roster = Roster([], [], [])
    roster.students, files = _class_files(target, roster.ignored)
    kept: dict[tuple[str, str], Submission] = {}
    for student, path in files:
        read = read_source(path)
        drill = _drill_for(read, catalogue, chosen, roster.ignored)
        if drill is None:
            continue
        other = kept.get((student, drill.id))
        if other is not None:  # the first file found wins, unless only the later one is named after the drill
            if other.path.stem == drill.id or path.stem != drill.id:
                said = message(
                    "roster", "already_has", student=student, other=str(other.path), drill=drill.id
                )
                roster.ignored.append(Ignored(str(path), said))
                continue
            said = message("roster", "also_has", student=student, path=str(path), drill=drill.id)
            roster.ignored.append(Ignored(str(other.path), said))
        kept[(student, drill.id)] = Submission(student, drill, read)
    graded = set(d.id for d in chosen) or {drill_id for _, drill_id in kept}
    roster.drills = [d.id for d in catalogue.ordered() if d.id in graded]
    if not roster.drills:
        raise UsageError(message("errors", "no_drill_files", target=target))
    roster.submissions = sorted(kept.values(), key=lambda s: (s.student, s.drill.id))
    return roster


def _class_files(target: str, ignored: list[Ignored]) -> tuple[list[str], list[tuple[str, Path]]]:
    """The students (each student folder, even one with no file) and their Python files; what a
    symbolic link leads to is listed in `ignored` instead."""
    parts = Path(target).parts
    wild = next((i for i, part in enumerate(parts) if glob.has_magic(part)), None)
    if wild is None:
        root = Path(target)
        if not root.is_dir():
            raise UsageError(message("errors", "not_class", target=target))
        folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
        files = [(f.name, path) for f in folders for path in sorted(f.rglob("*.py")) if _handed_in(path, f)]
    else:
        root = Path(*parts[:wild]) if wild else Path()
        folders = sorted(p for p in root.glob(parts[wild]) if p.is_dir())
        files = [(m.relative_to(root).parts[0], m) for m in sorted(root.glob(str(Path(*parts[wild:]))))]
        if not folders and not files:
            raise UsageError(message("errors", "no_match", target=target))
    kept = []
    for student, path in files:
        link = _link_on_the_way(path, root)
        if link is not None:
            ignored.append(Ignored(str(path), message("roster", "link", link=str(link))))
        elif path.is_file():  # a folder named like a file (`relu-where.py/`) is not a file
            kept.append((student, path))
    linked = {f.name for f in folders if f.is_symlink()}
    return sorted({f.name for f in folders} - linked | {student for student, _ in kept}), kept


def _link_on_the_way(path: Path, root: Path) -> Path | None:
    """The first symbolic link from `root` (exclusive) down to `path` (inclusive), if any."""
    inside = path.relative_to(root).parts
    for depth in range(1, len(inside) + 1):
        step = root.joinpath(*inside[:depth])
        if step.is_symlink():
            return step
    return None


def _handed_in(path: Path, student_folder: Path) -> bool:
    """Not a hidden folder's file (.git, .venv) and not a bytecode cache."""
    inside = path.relative_to(student_folder).parts
    return not any(part.startswith(".") or part == "__pycache__" for part in inside)


def _drill_for(
    read: Source | Unreadable, catalogue: Catalogue, chosen: list[Drill], ignored: list[Ignored]
) -> Drill | None:
    """The drill the file is for, or None after noting why it is not graded."""
    if len(chosen) == 1:
        return chosen[0]
    path = read.path
    try:
        drill = resolve_drill(read, catalogue, None)
    except UsageError as exc:
        named = catalogue.drills.get(path.stem)
        if named is None:
            assert isinstance(exc.said, Message)  # resolve_drill says why in the catalogue's words
            ignored.append(Ignored(str(path), exc.said))
            return None
        drill = named
    if chosen and drill.id not in {d.id for d in chosen}:
        ignored.append(Ignored(str(path), message("roster", "not_graded", drill=drill.id)))
        return None
    return drill
