"""The battery that tells a weak case set from an equivalent mutant: many more cases than a check's.

Three groups, each the loop's answers computed once in the trusted child and cached like every
case's: the cases of BATTERY_SEEDS check seeds with BATTERY_RANDOM random sizes each (random sizes
keep every relation the listed sizes keep, as a check's do), then FREE_SIZES sizes whose dimensions
are drawn independently between the listed extremes (so K == N in every listed size no longer hides
a transposed shape). A group the loop cannot answer (a relation between dimensions that a draw
breaks) is left out; when even the listed sizes fail, the drill is broken and DrillError says so.
The reference solution must pass a group too (mutation.py runs it first): a free size the loop
accepts may still lie outside the task (k larger than a row), where no answer is wrong.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from vecdrill.checking import expected, plan
from vecdrill.content import drill_code
from vecdrill.content.drill import Drill, Size
from vecdrill.errors import DrillError
from vecdrill.messages import message

BATTERY_SEED = 7000  # apart from the check's default seed and its offsets
BATTERY_SEEDS = 4  # check seeds planned: each every listed size at two seeds, the edges, random sizes
BATTERY_RANDOM = 6  # random sizes per seed (a check draws `[cases] random`, 2 by default)
FREE_SIZES = 16
TIMEOUT_FACTOR = 4  # at least; a battery runs several checks' worth of cases in one child


def battery(drill: Drill, check: list[expected.Case]) -> tuple[list[expected.Case], list[expected.Case]]:
    """The battery's cases (CPU) in two groups, the seeded ones and the free sizes (empty when the
    loop fails on them), their answers already in the cache. The loop answers `check` (the check's
    own cases) along with them: one reference child (one import of torch) answers all of it."""
    for random_sizes, free in ((BATTERY_RANDOM, True), (BATTERY_RANDOM, False), (0, False)):
        seeded = _seeded(drill, random_sizes)
        cases = seeded + (_free(drill) if free else [])
        if _answered(drill, check + cases):
            return seeded, cases[len(seeded) :]
    where = str(drill.file("loop.py"))
    raise DrillError(where, "the reference loop fails on the cases of seeds other than the check's")


def timeout(drill: Drill, cases: list[expected.Case]) -> float:
    """The wall limit for one child running `cases`: the drill's, per check's worth of cases."""
    per_check = max(len(plan.build_cases(drill, ["cpu"], plan.DEFAULT_SEED)), 1)
    return drill.timeout * max(TIMEOUT_FACTOR, math.ceil(len(cases) / per_check))


def _seeded(drill: Drill, random_sizes: int) -> list[expected.Case]:
    wide = replace(drill, cases=replace(drill.cases, random=random_sizes))
    return [
        replace(case, id=f"battery:{r}:{case.id}")
        for r in range(BATTERY_SEEDS)
        for case in plan.build_cases(wide, ["cpu"], BATTERY_SEED + 100 * r)
    ]


def _free(drill: Drill) -> list[expected.Case]:
    rng = random.Random(f"{BATTERY_SEED}:free")
    ranges = {
        dim: drill.cases.bounds.get(dim, (min(s[dim] for s in drill.sizes), max(s[dim] for s in drill.sizes)))
        for dim in drill.sizes[0]
    }
    cases = []
    for i in range(FREE_SIZES):
        size: Size = {dim: rng.randint(low, high) for dim, (low, high) in ranges.items()}
        seed = BATTERY_SEED + 1000 + i
        label = message("case", "free", number=i + 1)
        cases.append(expected.Case(f"battery:free:{i}", "cpu", size, seed, label=label, replay=seed))
    return cases


def _answered(drill: Drill, cases: list[expected.Case]) -> bool:
    """Whether the loop answers all of `cases` (now, or from the cache)."""
    try:
        expected.gather(
            drill,
            cases,
            probe=plan.probe_sizes(drill),
            bench=[],
            timeout=timeout(drill, cases),
            helpers=drill_code.helper_sources(drill),
        )
    except DrillError:
        return False
    return True
