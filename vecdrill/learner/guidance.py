"""What the learner is told besides verdicts: hints one step at a time, the drill's explanation
beside the reference solution, where they stand on the path and how far along it they are.

Pure standard library: these commands answer without starting torch.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from vecdrill import messages
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import NO_CHINESE, Drill
from vecdrill.content.pack import Pack, Track
from vecdrill.learner import progress


@dataclass(frozen=True)
class Hints:
    drill_id: str
    steps: tuple[str, ...]  # every step shown so far, the newest last
    total: int
    notice: messages.Message | None  # the progress file was set aside (see `progress.Progress.notice`)
    untranslated: str | None = None  # NO_CHINESE: the steps are the English ones


@dataclass(frozen=True)
class Tally:
    label: str
    solved: int
    total: int


@dataclass(frozen=True)
class TrackTally:
    pack: Pack
    track: Track | None  # None: the pack's drills that no track lists
    solved: int
    total: int


@dataclass(frozen=True)
class Overview:
    solved: int
    total: int
    tracks: tuple[TrackTally, ...]  # pack after pack, in path order
    levels: tuple[Tally, ...]  # labelled with the level's number, which the views put in words
    techniques: tuple[Tally, ...]
    next_drill: Drill | None  # the first unsolved drill on the path
    notice: messages.Message | None


@dataclass(frozen=True)
class Step:
    """One drill of the path as `vecdrill list` shows it."""

    drill: Drill
    number: int  # its position on its pack's path, from 1
    solved: bool
    is_next: bool
    waiting: tuple[str, ...] = ()  # its prerequisites not solved yet (none once it is solved)


@dataclass(frozen=True)
class Stretch:
    """The listed drills of one track, with the whole track's tally."""

    tally: TrackTally
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class PathView:
    stretches: tuple[Stretch, ...]  # the tracks with a drill that matches the filters
    next_drill: Drill | None  # the first unsolved drill on the path, shown or filtered out


def next_hints(drill: Drill, lang: str, *, everything: bool = False) -> Hints:
    """One more step than last time (all steps with `everything`), remembered in progress."""
    steps = drill.hints_in(lang)
    before = progress.load()
    entry = before.drills.get(drill.id)
    seen = entry.hints_shown if entry else 0
    shown = len(steps) if everything else min(seen + 1, len(steps))
    after = progress.record_hint(drill.id, shown)
    untranslated = NO_CHINESE if drill.untranslated(lang) else None
    return Hints(drill.id, steps[:shown], len(steps), before.notice or after.notice, untranslated)


def is_solved(drill: Drill) -> bool:
    return drill.id in progress.solved_ids(progress.load())


def same_code(yours: str, reference: str) -> bool:
    """Whether two solutions are the same code: the same syntax tree once docstrings are dropped
    (comments, the `# vecdrill: ID` line among them, never reach the tree). A solution that
    differs from the reference only in its words is not shown the reference "for comparison"."""
    import ast

    def code(source: str) -> str:
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and ast.get_docstring(node, clean=False) is not None
            ):
                node.body = node.body[1:]
        return ast.dump(tree)

    return code(yours) == code(reference)


# A time or a speedup quoted in an explanation: "420 ms", "3000x", "约 3000 倍", "1.2 GB/s".
_QUOTED_FIGURE = re.compile(r"\d\s*(?:[mµun]?s\b|x\b|×|倍|毫秒|微秒|纳秒|GB/s)")


def explanation(drill: Drill, lang: str) -> str:
    """The drill's explanation in the learner's language (Markdown). One that quotes times or
    speedups opens by saying where they were measured, so that they never read as a contradiction
    of the live figures the check report shows beside them."""
    text = drill.explanation(lang)
    if not _QUOTED_FIGURE.search(text):
        return text
    return f"{messages.say('explain', 'measured_elsewhere', lang)}\n\n{text}"


def overview(catalogue: Catalogue, packs: Sequence[Pack] | None = None) -> Overview:
    """Solved counts overall, per track, per level and per technique over `packs` (default: the
    packs in scope), for `vecdrill progress`."""
    state = progress.load()
    solved = progress.solved_ids(state)
    chosen = catalogue.scope() if packs is None else packs
    drills = catalogue.ordered(chosen)
    levels = sorted({d.level for d in drills})
    techniques = sorted({t for d in drills for t in d.techniques})
    return Overview(
        solved=sum(d.id in solved for d in drills),
        total=len(drills),
        tracks=tuple(_track_tallies(catalogue, chosen, solved)),
        levels=tuple(_tally(str(level), [d for d in drills if d.level == level], solved) for level in levels),
        techniques=tuple(_tally(t, [d for d in drills if t in d.techniques], solved) for t in techniques),
        next_drill=next((d for d in drills if d.id not in solved), None),
        notice=state.notice,
    )


def path(
    catalogue: Catalogue,
    solved: set[str],
    *,
    level: int | None = None,
    tag: str | None = None,
    library: str | None = None,
) -> PathView:
    """The path of the packs in scope, track by track, keeping the drills that match the filters
    (a track with none left is dropped); the next drill to do is marked."""
    following = catalogue.next_after(solved)
    stretches = []
    for tally in _track_tallies(catalogue, catalogue.scope(), solved):
        numbers = {d: n for n, d in enumerate(tally.pack.path(), 1)}
        steps = tuple(
            Step(
                d,
                numbers[d.id],
                d.id in solved,
                d is following,
                () if d.id in solved else tuple(unsolved_prerequisites(catalogue, d, solved)),
            )
            for d in _track_drills(catalogue, tally.pack, tally.track)
            if (level is None or d.level == level)
            and (tag is None or tag in d.techniques)
            and (library is None or d.library == library)
        )
        if steps:
            stretches.append(Stretch(tally, steps))
    return PathView(tuple(stretches), following)


def first_unsolved(catalogue: Catalogue, after: Drill | None = None) -> Drill | None:
    """What `vecdrill next` starts: the first unsolved drill on the path of the packs in scope; or
    what `n` starts in `vecdrill try`: the next unsolved one `after` a drill on its pack's path."""
    return catalogue.next_after(progress.solved_ids(progress.load()), current=after.id if after else None)


def unsolved_prerequisites(catalogue: Catalogue, drill: Drill, solved: set[str]) -> list[str]:
    """The drill's prerequisites (pack.toml) that are not solved yet, in the order it names them."""
    needs = catalogue.pack_of(drill.id).prerequisites.get(drill.id, ())
    return [n for n in needs if n not in solved and n in catalogue.drills]


def missing_prerequisites(
    catalogue: Catalogue, drill: Drill, lang: str = "en", solved: set[str] | None = None
) -> str | None:
    """A sentence naming the drill's unsolved prerequisites (a suggestion: nothing is blocked);
    `solved` defaults to the learner's progress."""
    solved = progress.solved_ids(progress.load()) if solved is None else solved
    missing = unsolved_prerequisites(catalogue, drill, solved)
    if not missing:
        return None
    command = catalogue.command("try", missing[0])
    words = messages.words("explain", lang)
    names = words["and"].join(words["list_separator"].join(missing).rsplit(words["list_separator"], 1))
    one_or_more = "prerequisites_one" if len(missing) == 1 else "prerequisites_many"
    return words[one_or_more].format(drill=drill.id, names=names, command=command)


def _tally(label: str, drills: list[Drill], solved: set[str]) -> Tally:
    return Tally(label, sum(d.id in solved for d in drills), len(drills))


def _track_tallies(catalogue: Catalogue, packs: Sequence[Pack], solved: set[str]) -> list[TrackTally]:
    """Every track with a drill in it, plus each pack's drills that no track lists."""
    tallies = []
    for pack in packs:
        for track in (*pack.tracks, None):
            drills = _track_drills(catalogue, pack, track)
            if drills:
                tallies.append(TrackTally(pack, track, sum(d.id in solved for d in drills), len(drills)))
    return tallies


def _track_drills(catalogue: Catalogue, pack: Pack, track: Track | None) -> list[Drill]:
    ids = track.drills if track is not None else pack.unlisted
    return [catalogue.drills[d] for d in ids if d in catalogue.drills]
