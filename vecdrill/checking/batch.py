"""Warm workers for a batch of files: one box layout that covers every drill of the batch.

The layout is known before the first check, so each zygote of the pool is launched once, at the
start, with every drill pack of the batch hidden, and a batch moving from one drill to the next
never relaunches one. A check still gets its own limited grandchild, in namespaces of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from vecdrill.checking import plan
from vecdrill.checking.submission import Unreadable, read_source, resolve_drill
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.sandbox import launch, warm


def drills_of(files: Iterable[Path], catalogue: Catalogue, drill_id: str | None) -> list[Drill]:
    """The drills these files are for, found as `check_file` finds them, before any is checked:
    a file that names no drill (or several) stops the batch at once, with check_file's sentence,
    rather than after every other file was checked. A file that cannot be read is left to its own
    check, which reports it as that file's verdict."""
    found: dict[str, Drill] = {}
    for path in files:
        source = read_source(path)
        if isinstance(source, Unreadable) and drill_id is None:
            continue
        drill = resolve_drill(path, None if isinstance(source, Unreadable) else source, catalogue, drill_id)
        found.setdefault(drill.id, drill)
    return list(found.values())


def warm_pool(drills: Iterable[Drill], isolation: str | None, jobs: int) -> warm.WarmPool:
    """A started pool of `jobs` warm workers whose boxes serve a check of any of `drills`."""
    hidden = {place for drill in drills for place in plan.secret_places(drill)}
    return warm.WarmPool(
        jobs, warm.Layout(launch.detect_isolation(isolation), frozenset(), frozenset(hidden))
    )
