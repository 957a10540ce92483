"""What the learner is told besides verdicts: hints one step at a time, the drill's explanation
beside the reference solution, and how far along the catalogue they are.

Pure standard library: these commands answer without starting torch.
"""

from __future__ import annotations

from dataclasses import dataclass

from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.learner import progress


@dataclass(frozen=True)
class Hints:
    drill_id: str
    steps: tuple[str, ...]  # every step shown so far, the newest last
    total: int
    notice: str | None  # the progress file was set aside (see `progress.Progress.notice`)


@dataclass(frozen=True)
class Tally:
    label: str
    solved: int
    total: int


@dataclass(frozen=True)
class Overview:
    solved: int
    total: int
    levels: tuple[Tally, ...]
    techniques: tuple[Tally, ...]
    next_drill: Drill | None  # the first unsolved drill in teaching order
    notice: str | None


def next_hints(drill: Drill, lang: str, *, everything: bool = False) -> Hints:
    """One more step than last time (all steps with `everything`), remembered in progress."""
    steps = drill.zh.hints if lang == "zh" else drill.hints
    before = progress.load()
    entry = before.drills.get(drill.id)
    seen = entry.hints_shown if entry else 0
    shown = len(steps) if everything else min(seen + 1, len(steps))
    after = progress.record_hint(drill.id, shown)
    return Hints(drill.id, steps[:shown], len(steps), before.notice or after.notice)


def is_solved(drill: Drill) -> bool:
    return drill.id in progress.solved_ids(progress.load())


def explanation(drill: Drill, lang: str) -> str:
    """The drill's explanation in the learner's language (Markdown)."""
    return drill.file("explain.zh.md" if lang == "zh" else "explain.md").read_text(encoding="utf-8")


def overview(catalogue: Catalogue) -> Overview:
    """Solved counts overall, per level and per technique, for `vecdrill progress`."""
    state = progress.load()
    solved = progress.solved_ids(state)
    drills = catalogue.ordered()
    levels = sorted({d.level for d in drills})
    techniques = sorted({t for d in drills for t in d.techniques})
    return Overview(
        solved=sum(d.id in solved for d in drills),
        total=len(drills),
        levels=tuple(
            _tally(f"level {level}", [d for d in drills if d.level == level], solved) for level in levels
        ),
        techniques=tuple(_tally(t, [d for d in drills if t in d.techniques], solved) for t in techniques),
        next_drill=catalogue.next_after(solved),
        notice=state.notice,
    )


def _tally(label: str, drills: list[Drill], solved: set[str]) -> Tally:
    return Tally(label, sum(d.id in solved for d in drills), len(drills))
