"""Find drills: the built-in catalogue plus teachers' packs from `--drills` and VECDRILL_PATH.

A broken drill never hides the good ones: it is kept as a problem to show beside the list.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path

from vecdrill.content.cache import DrillCache
from vecdrill.content.drill import MANIFEST, Drill
from vecdrill.errors import DrillError, UsageError


@dataclass
class Catalogue:
    drills: dict[str, Drill] = field(default_factory=dict)
    problems: list[DrillError] = field(default_factory=list)

    def get(self, drill_id: str) -> Drill:
        """The drill, or a usage error suggesting the closest ids (a broken one: its problem)."""
        if drill_id in self.drills:
            return self.drills[drill_id]
        for problem in self.problems:
            if Path(problem.where).parts and drill_id in Path(problem.where).parts:
                raise problem
        close = difflib.get_close_matches(drill_id, list(self.drills), n=3, cutoff=0.6)
        hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        raise UsageError(f"no drill named {drill_id!r}.{hint} See `vecdrill list`.")

    def ordered(self) -> list[Drill]:
        """Drills in teaching order: by level, then by library, then by id."""
        return sorted(self.drills.values(), key=lambda d: (d.level, d.library != "torch", d.id))

    def next_after(self, solved: set[str]) -> Drill | None:
        return next((d for d in self.ordered() if d.id not in solved), None)


def builtin_dir() -> Path:
    """`vecdrill/drills` inside a wheel; the repository's `drills/` in a source checkout. It holds
    the built-in packs, one folder each."""
    package = Path(__file__).parents[1]
    packaged = package / "drills"
    return packaged if packaged.is_dir() else package.parent / "drills"


def builtin_packs() -> list[Path]:
    return sorted(p for p in builtin_dir().iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def search_path(extra: list[Path] | None = None) -> list[Path]:
    env = [Path(p) for p in os.environ.get("VECDRILL_PATH", "").split(os.pathsep) if p]
    return [*builtin_packs(), *env, *(extra or [])]


def load_catalogue(extra: list[Path] | None = None) -> Catalogue:
    catalogue = Catalogue()
    seen: dict[str, Path] = {}
    cache = DrillCache()
    for root in search_path(extra):
        if not root.is_dir():
            raise UsageError(
                f"the drill folder {str(root)!r} does not exist; check --drills or VECDRILL_PATH"
            )
        for folder in _drill_folders(root):
            try:
                drill = cache.load(folder)
            except DrillError as problem:
                catalogue.problems.append(problem)
                continue
            if drill.id in seen:
                catalogue.problems.append(
                    DrillError(
                        str(folder),
                        f"the drill id {drill.id!r} is already defined at "
                        f"{seen[drill.id]}; rename one of the two folders",
                    )
                )
                continue
            seen[drill.id] = folder
            catalogue.drills[drill.id] = drill
    cache.save()
    return catalogue


def _drill_folders(root: Path) -> list[Path]:
    """A pack folder holds drill folders; a single drill folder is accepted as a pack of one."""
    if (root / MANIFEST).is_file():
        return [root.resolve()]
    return sorted(p.resolve() for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
