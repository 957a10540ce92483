"""Find drills: the built-in packs plus teachers' packs from `--drills` and VECDRILL_PATH.

Each pack is a learning path (`content.pack`); the catalogue knows every drill's pack and track,
walks the packs in search-path order (the core pack first), and suggests the next drill inside the
pack of the one just solved. A broken drill or manifest never hides the good ones: it is kept as a
problem to show beside the list.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vecdrill import paths
from vecdrill.content.cache import DrillCache
from vecdrill.content.drill import MANIFEST, Drill, check_helpers
from vecdrill.content.pack import Pack, Track, load_pack
from vecdrill.errors import DrillError, UsageError
from vecdrill.messages import message

CORE_PACK = "core"


@dataclass(frozen=True)
class Place:
    """Where a drill sits: its pack, and its track (None for a folder no track lists)."""

    pack: Pack
    track: Track | None


@dataclass
class Catalogue:
    drills: dict[str, Drill] = field(default_factory=dict)
    problems: list[DrillError] = field(default_factory=list)
    packs: list[Pack] = field(default_factory=list)  # in search-path order
    places: dict[str, Place] = field(default_factory=dict)
    given: list[Pack] = field(default_factory=list)  # the packs named by --drills

    def get(self, drill_id: str) -> Drill:
        """The drill, or a usage error suggesting the closest ids (a broken one: its problem)."""
        if drill_id in self.drills:
            return self.drills[drill_id]
        for problem in self.problems:
            if Path(problem.where).parts and drill_id in Path(problem.where).parts:
                raise problem
        close = difflib.get_close_matches(drill_id, list(self.drills), n=3, cutoff=0.6)
        if not close:
            raise UsageError(message("errors", "no_drill", drill=drill_id))
        joined = [message("errors", "quoted", name=c) for c in close]
        raise UsageError(message("errors", "no_drill_close", drill=drill_id, close=tuple(joined)))

    def pack_of(self, drill_id: str) -> Pack:
        return self.places[drill_id].pack

    def scope(self) -> list[Pack]:
        """The packs a learner asked about: those named by --drills, else every pack."""
        return self.given or self.packs

    def problems_in(self, packs: Sequence[Pack]) -> list[DrillError]:
        """The problems found inside `packs`: a broken core drill is no news to a course's learner."""
        return self.problems_under([pack.folder for pack in packs])

    def problems_under(self, folders: Sequence[Path]) -> list[DrillError]:
        """The problems of files inside `folders` (packs, or single drill folders)."""
        roots = [folder.resolve() for folder in folders]
        return [p for p in self.problems if any(Path(p.where).resolve().is_relative_to(r) for r in roots)]

    def ordered(self, packs: Sequence[Pack] | None = None) -> list[Drill]:
        """The drills of `packs` (default: every pack) in path order, pack after pack."""
        chosen = self.packs if packs is None else packs
        return [self.drills[d] for pack in chosen for d in pack.path() if d in self.drills]

    def next_after(self, solved: set[str], current: str | None = None) -> Drill | None:
        """The drill to suggest next. After `current`: the first unsolved drill that follows it on
        its pack's path, else the first unsolved one before it; never one of another pack.
        Without `current`: the first unsolved drill on the path of the packs in scope."""
        if current not in self.places:
            return next((d for d in self.ordered(self.scope()) if d.id not in solved), None)
        path = self.ordered([self.places[current].pack])
        at = [d.id for d in path].index(current) if current in self.drills else 0
        return next((d for d in [*path[at + 1 :], *path[:at]] if d.id not in solved), None)

    def command(self, verb: str, drill_id: str) -> str:
        """The command that runs `verb` on the drill, with the --drills it needs to be found."""
        pack = self.pack_of(drill_id)
        needs = any(pack is given for given in self.given)
        return f"vecdrill {verb} {drill_id}" + (f" --drills {shlex.quote(str(pack.folder))}" if needs else "")


def builtin_dir() -> Path:
    """`vecdrill/drills` inside a wheel; the repository's `drills/` in a source checkout. It holds
    the built-in packs, one folder each."""
    package = Path(__file__).parents[1]
    packaged = package / "drills"
    return packaged if packaged.is_dir() else package.parent / "drills"


def builtin_packs() -> list[Path]:
    """The built-in packs, the core pack first: it is where a new learner starts."""
    found = [p for p in builtin_dir().iterdir() if p.is_dir() and not p.name.startswith((".", "_"))]
    return sorted(found, key=lambda p: (p.name != CORE_PACK, p.name))


def search_path(extra: list[Path] | None = None) -> list[Path]:
    env = [Path(p) for p in os.environ.get("VECDRILL_PATH", "").split(os.pathsep) if p]
    return [*builtin_packs(), *env, *(extra or [])]


def secret_folders(extra: list[Path] | None = None) -> list[Path]:
    """The folders no solution's process may read, wherever it is: every drill pack vecdrill
    knows (each holds reference solutions and explanations; `extra`, the packs named on the
    command line), the history of a checkout vecdrill runs from, and vecdrill's state (the cache
    holds the loop's expected outputs, the data folder every learner's progress). The state
    folders are made first, so that the sandbox can cover them before a check running in parallel
    fills them."""
    places = [builtin_dir(), *search_path(extra)]
    checkout = Path(__file__).resolve().parents[2] / ".git"
    if checkout.exists():
        places.append(checkout)
    for folder in (paths.cache_dir(), paths.data_dir()):
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        places.append(folder)
    return places


def load_catalogue(extra: list[Path] | None = None) -> Catalogue:
    catalogue = Catalogue()
    seen: dict[str, Path] = {}
    roots: dict[Path, Pack] = {}
    owners: dict[Path, Pack] = {}  # every drill folder read so far, broken ones too: its pack
    given = {p.resolve() for p in extra or []}
    cache = DrillCache()
    for root in search_path(extra):
        if not root.is_dir():
            raise UsageError(message("errors", "no_folder", folder=str(root)))
        if root.resolve() in roots:  # the same pack named twice (VECDRILL_PATH and --drills)
            continue
        folders = _drill_folders(root)
        if folders and all(f in owners for f in folders):  # one drill folder of a pack read already
            roots[root.resolve()] = owners[folders[0]]
            continue
        mine: dict[str, Drill] = {}
        for folder in folders:
            try:
                drill = cache.load(folder)
                check_helpers(drill)  # every time: a cached drill's helper may have gone since
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
            mine[drill.id] = drill
        pack, problems = load_pack(root, [f.name for f in folders], mine)
        catalogue.problems.extend(problems)
        catalogue.packs.append(pack)
        roots[root.resolve()] = pack
        owners.update((folder, pack) for folder in folders)
        catalogue.drills.update(mine)
        catalogue.places.update((d, Place(pack, pack.track_of(d))) for d in pack.path())
    catalogue.given = list(dict.fromkeys(pack for root, pack in roots.items() if root in given))
    cache.save()
    return catalogue


def _drill_folders(root: Path) -> list[Path]:
    """A pack folder holds drill folders; a single drill folder is accepted as a pack of one."""
    if (root / MANIFEST).is_file():
        return [root.resolve()]
    return sorted(p.resolve() for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
