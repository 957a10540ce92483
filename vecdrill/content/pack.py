"""A pack's manifest, `pack.toml`: the pack's name in two languages and its learning path.

A pack is a folder of drill folders. Its manifest orders them into tracks, the path a learner
walks, and may name prerequisites. A pack without one is a single implicit track in level order,
so packs written before manifests existed keep working. Every problem is a `PackError` naming
pack.toml and the fix; none of them stops the catalogue from loading (the path then skips what it
cannot place). Pure standard library: `vecdrill list` reads this on every run.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

from vecdrill.content.drill import ID_PATTERN, Drill, _check_keys
from vecdrill.errors import DrillError
from vecdrill.messages import say

PACK_MANIFEST = "pack.toml"
PACK_FORMAT = 1

_TOP_KEYS: dict[str, tuple[type, ...]] = {
    "format": (int,),
    "id": (str,),
    "title": (str,),
    "zh": (dict,),
    "tracks": (list,),
    "prerequisites": (dict,),
    "languages": (list,),
}
LANGUAGES = ("en", "zh")
_TRACK_KEYS: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "title": (str,),
    "zh_title": (str,),
    "drills": (list,),
}


@dataclass(frozen=True)
class Track:
    id: str
    title: str
    zh_title: str
    drills: tuple[str, ...]  # the ids of the drills that loaded, in path order


class PackError(DrillError):
    """A problem of pack.toml: the pack's drills still load, and the path skips what it cannot place."""


@dataclass(frozen=True, eq=False)  # a pack is itself: compared and hashed by identity
class Pack:
    id: str
    folder: Path  # as found on the search path (a `--drills` value stays as the learner typed it)
    title: str
    zh_title: str
    tracks: tuple[Track, ...]
    prerequisites: dict[str, tuple[str, ...]] = field(default_factory=dict)
    unlisted: tuple[str, ...] = ()  # drills no track lists (each one a problem), after the tracks
    manifest: Path | None = None  # None: no pack.toml, so one implicit track
    languages: tuple[str, ...] = LANGUAGES  # ("en",): an English-only course, said once, not per drill

    def path(self) -> list[str]:
        """Every drill id of the pack in the order a learner meets them."""
        return [*(d for track in self.tracks for d in track.drills), *self.unlisted]

    def track_of(self, drill_id: str) -> Track | None:
        return next((t for t in self.tracks if drill_id in t.drills), None)


def load_pack(
    root: Path, folders: Sequence[str], drills: Mapping[str, Drill]
) -> tuple[Pack, list[DrillError]]:
    """The pack at `root`, whose drill folders are named `folders` and whose loaded drills (not
    broken, not a duplicate of another pack's) are `drills`; plus every problem of its manifest.
    A manifest that cannot be read at all gives the implicit path and its one problem."""
    manifest = root / PACK_MANIFEST
    if not manifest.is_file():
        return _implicit(root, drills), []
    try:
        data = _read(manifest)
    except DrillError as problem:  # the key checks shared with drill.toml raise the base class
        return _implicit(root, drills), [PackError(problem.where, problem.problem)]
    problems: list[str] = []  # each a sentence about pack.toml
    listed = _listed(data["tracks"], folders, problems)
    tracks = tuple(
        Track(
            raw["id"], raw["title"], raw.get("zh_title", raw["title"]), tuple(d for d in ids if d in drills)
        )
        for raw, ids in zip(data["tracks"], listed, strict=True)
    )
    on_path = [d for ids in listed for d in ids]
    unlisted = [name for name in folders if name not in on_path]
    problems += [
        f"the drill folder {name!r} is in no track, so it comes after the path; add {name!r} "
        "to a track's drills (or move the folder out of the pack)"
        for name in unlisted
    ]
    pack = Pack(
        id=data["id"],
        folder=root,
        title=data["title"],
        zh_title=data.get("zh", {}).get("title", data["title"]),  # English-only: the English title
        tracks=tracks,
        prerequisites=_prerequisites(data.get("prerequisites", {}), on_path, problems),
        unlisted=tuple(_level_order(d for name, d in drills.items() if name in unlisted)),
        manifest=manifest,
        languages=tuple(data.get("languages", LANGUAGES)),
    )
    return pack, [PackError(str(manifest), problem) for problem in problems]


def declared_languages(root: Path) -> tuple[str, ...]:
    """The languages the pack at `root` declares: both where it has no readable pack.toml."""
    try:
        return tuple(_read(root / PACK_MANIFEST).get("languages", LANGUAGES))
    except (OSError, DrillError):
        return LANGUAGES


def _implicit(root: Path, drills: Mapping[str, Drill]) -> Pack:
    """A folder without pack.toml (or a single drill folder): one track in level order."""
    name = root.resolve().name
    title, zh_title = (say("path", "levels_track", lang) for lang in ("en", "zh"))
    track = Track(name, title, zh_title, tuple(_level_order(drills.values())))
    return Pack(name, root, name, name, (track,))


def _level_order(drills: Iterable[Drill]) -> list[str]:
    """The order of packs without a manifest: by level, torch before numpy, then by id."""
    return [d.id for d in sorted(drills, key=lambda d: (d.level, d.library != "torch", d.id))]


def _read(manifest: Path) -> dict[str, Any]:
    """The manifest's TOML with every key and type checked (the first problem raises)."""
    where = str(manifest)
    try:
        data: dict[str, Any] = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PackError(where, f"is not valid TOML ({exc}); fix the syntax") from None
    _check_keys(where, "", data, _TOP_KEYS, ("format", "id", "title", "tracks"))
    if data["format"] != PACK_FORMAT:
        raise PackError(
            where, f"format = {data['format']!r} is not supported; this vecdrill reads format = {PACK_FORMAT}"
        )
    if not ID_PATTERN.match(data["id"]):
        raise PackError(where, f"id = {data['id']!r} is not a kebab-case id such as 'core'; rename it")
    if "zh" in data:  # the Chinese titles are optional, as a drill's Chinese text is
        _check_keys(where, "zh.", data["zh"], {"title": (str,)}, ("title",))
    track_ids: set[str] = set()
    for index, raw in enumerate(data["tracks"]):
        label = f"tracks[{index}]"
        if not isinstance(raw, dict):
            raise PackError(where, f"{label} should be a table ([[tracks]])")
        _check_keys(where, f"{label}.", raw, _TRACK_KEYS, ("id", "title", "drills"))
        if not ID_PATTERN.match(raw["id"]):
            raise PackError(
                where, f"{label}.id = {raw['id']!r} is not a kebab-case id such as 'masks'; rename it"
            )
        if raw["id"] in track_ids:
            raise PackError(where, f"two tracks have the id {raw['id']!r}; give each track its own id")
        track_ids.add(raw["id"])
        if not all(isinstance(d, str) for d in raw["drills"]):
            raise PackError(where, f"{label}.drills should be a list of drill ids (strings)")
    languages = data.get("languages", list(LANGUAGES))
    if (
        not languages
        or languages[0] != "en"
        or not set(languages) <= set(LANGUAGES)
        or len(set(languages)) < len(languages)
    ):
        raise PackError(
            where,
            f'languages = {languages!r} should be ["en"] (an English-only course) or ["en", "zh"]',
        )
    for key, needs in data.get("prerequisites", {}).items():
        if not isinstance(needs, list) or not all(isinstance(n, str) for n in needs):
            raise PackError(where, f"prerequisites.{key} should be a list of drill ids (strings)")
    return data


def _listed(tracks: list[dict[str, Any]], folders: Sequence[str], problems: list[str]) -> list[list[str]]:
    """Each track's listed ids that name a drill folder, each id once; the rest are problems."""
    first_track: dict[str, str] = {}
    listed: list[list[str]] = []
    for raw in tracks:
        kept: list[str] = []
        listed.append(kept)
        for drill_id in raw["drills"]:
            if drill_id in first_track:
                problems.append(
                    f"{drill_id!r} is listed in track {first_track[drill_id]!r} and again in track "
                    f"{raw['id']!r}; list each drill once"
                )
            elif drill_id not in folders:
                problems.append(
                    f"track {raw['id']!r} lists {drill_id!r}, which is not a drill folder of this pack"
                    f"{_did_you_mean(drill_id, folders)}; fix the id or create the folder"
                )
            else:
                first_track[drill_id] = raw["id"]
                kept.append(drill_id)
    return listed


def _prerequisites(
    raw: dict[str, list[str]], on_path: list[str], problems: list[str]
) -> dict[str, tuple[str, ...]]:
    """Each drill's prerequisites that come before it on the path; the rest are problems."""
    position = {drill_id: index for index, drill_id in enumerate(on_path)}
    kept: dict[str, tuple[str, ...]] = {}
    for drill_id, needs in raw.items():
        if drill_id not in position:
            problems.append(
                f"prerequisites names {drill_id!r}, which is not on the path"
                f"{_did_you_mean(drill_id, on_path)}; fix the id or add it to a track"
            )
            continue
        good = []
        for need in needs:
            if need not in position:
                problems.append(
                    f"prerequisites.{drill_id} names {need!r}, which is not on the path"
                    f"{_did_you_mean(need, on_path)}; fix the id"
                )
            elif position[need] >= position[drill_id]:
                problems.append(
                    f"prerequisites.{drill_id} names {need!r}, which does not come before "
                    f"{drill_id!r} on the path; move {need!r} earlier or drop it"
                )
            else:
                good.append(need)
        kept[drill_id] = tuple(good)
    return kept


def _did_you_mean(name: str, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
