"""A batch of checks (`check --jobs N`, `grade`, mutation testing): one runner for all of them.

Warm workers serve a batch with one box layout that covers every drill of it: the layout is known
before the first check, so each zygote of the pool is launched once, at the start, with every drill
pack of the batch hidden, and a batch moving from one drill to the next never relaunches one. A
check still gets its own limited grandchild, in namespaces of its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from vecdrill.checking import plan
from vecdrill.checking.submission import Source, Unreadable, resolve_drill
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.sandbox import launch, warm

Item = TypeVar("Item")
Done = TypeVar("Done")


def drills_of(
    reads: Iterable[Source | Unreadable], catalogue: Catalogue, drill_id: str | None
) -> list[Drill]:
    """The drills these files are for, found as a check finds them, before any is checked: a
    file that names no drill (or several) stops the batch at once, with the check's sentence,
    rather than after every other file was checked. A file that cannot be read is left to its own
    check, which reports it as that file's verdict."""
    found: dict[str, Drill] = {}
    for read in reads:
        if isinstance(read, Unreadable) and drill_id is None:
            continue
        drill = resolve_drill(read, catalogue, drill_id)
        found.setdefault(drill.id, drill)
    return list(found.values())


def run_all(
    items: Sequence[Item],
    check: Callable[[Item, launch.Runner], Done],
    drills: Iterable[Drill],
    *,
    isolation: str | None,
    jobs: int,
    warm_workers: bool,
    cold: launch.Runner = launch.run_sandboxed,
) -> Iterator[Done]:
    """`check` of every item on `jobs` threads, in the items' order, each given the batch's runner:
    a pool of `jobs` warm workers whose boxes serve any of `drills` (`warm_workers`), else `cold`,
    a cold child per check."""
    with contextlib.ExitStack() as stack:
        runner = cold
        if warm_workers:
            runner = stack.enter_context(warm_pool(drills, isolation, jobs)).run
        with ThreadPoolExecutor(max_workers=jobs) as threads:
            yield from threads.map(lambda item: check(item, runner), items)


def warm_pool(drills: Iterable[Drill], isolation: str | None, jobs: int) -> warm.WarmPool:
    """A started pool of `jobs` warm workers whose boxes serve a check of any of `drills`."""
    hidden = {place for drill in drills for place in plan.secret_places(drill)}
    return warm.WarmPool(
        jobs, launch.Layout(launch.detect_isolation(isolation), frozenset(), frozenset(hidden))
    )
