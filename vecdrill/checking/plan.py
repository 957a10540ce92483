"""What one check runs: the cases, the probe sizes, the benchmarks, and what the solution may not read.

Pure planning from the drill and the options, before any child starts; the same plan feeds the
solution's child and the reference loop's, so both answer the very same cases.
"""

from __future__ import annotations

import contextlib
import math
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from vecdrill import paths
from vecdrill.checking.expected import Case
from vecdrill.content import catalogue, edges
from vecdrill.content.drill import Drill, Size, largest_size
from vecdrill.measure import ladder

DEFAULT_SEED = 1234
BENCH_SEED_OFFSET = 99  # the benchmark inputs are drawn apart from every checked case's
RANDOM_SEED_OFFSET = 10  # the random sizes' seeds: seed + 10, seed + 11, ...
SOLUTION_BENCH_BUDGET = 1.0  # a shorter window can fall inside one slow second of a shared CPU
LOOP_BENCH_BUDGET = 1.0
STEP_BUDGETS = {"solution": 0.05, "loop": 0.15}  # seconds per `--scaling` step below the bench


def build_cases(drill: Drill, targets: list[str], seed: int, *, bench_size: bool = True) -> list[Case]:
    """Every listed size at two seeds, non-contiguous inputs where the drill allows them, the
    extra cases (`[cases]`): random sizes at seeds of their own and forced edge values, then the
    benchmark size (so that a verdict never depends on whether the check times; only the first,
    provisional step of a save in `try` leaves it out, as its second step always runs it). All of
    it follows from `seed`, so `--seed` plans the same cases again."""
    cases = []
    for device in targets:
        for i, size in enumerate(drill.sizes):
            for offset in (0, 1):
                label = f"listed size {i + 1}" + (", second seed" if offset else "")
                cases.append(Case(f"{device}:{i}:{offset}", device, size, seed + offset, label=label))
        if drill.noncontiguous:
            label = "non-contiguous inputs"
            cases.append(Case(f"{device}:nc", device, drill.sizes[-1], seed + 2, True, label=label))
        for i, size in enumerate(random_sizes(drill, seed)):
            label = f"random size {i + 1}"
            cases.append(
                Case(f"{device}:random:{i}", device, size, seed + RANDOM_SEED_OFFSET + i, label=label)
            )
        for name, edge in edges.drill_edges(drill):
            label = f"an edge case: {edges.describe(name, edge)}"
            cases.append(
                Case(
                    f"{device}:edge:{name}:{edge}",
                    device,
                    edge_size(drill),
                    seed,
                    edge=f"{name}:{edge}",
                    label=label,
                )
            )
        if (
            bench_size and drill.bench not in drill.sizes
        ):  # what timing compares, the plain check compares too
            label = "the benchmark size"  # last: running out of memory there leaves every other verdict
            cases.append(
                Case(
                    f"{device}:bench",
                    device,
                    drill.bench,
                    seed + BENCH_SEED_OFFSET,
                    label=label,
                    outputs_only=True,
                )
            )
    return [replace(case, replay=seed) for case in cases]


def random_sizes(drill: Drill, seed: int) -> list[Size]:
    """`[cases] random` sizes. A dimension with `bounds` is drawn within them; the others lie
    between two listed sizes, every dimension at the same fraction of the way and rounded down,
    so that a relation the listed sizes all keep (K <= N, D == E) holds for the drawn ones too."""
    sizes = []
    for i in range(drill.cases.random):
        rng = random.Random(f"{seed}:{i}")
        start, end = rng.sample(drill.sizes, 2) if len(drill.sizes) > 1 else (drill.sizes[0],) * 2
        t = rng.random()
        size = {dim: math.floor(start[dim] + t * (end[dim] - start[dim])) for dim in start}
        for dim, (low, high) in sorted(drill.cases.bounds.items()):
            size[dim] = rng.randint(low, high)
        sizes.append(size)
    return sizes


def edge_size(drill: Drill) -> Size:
    """The edge cases' size: the listed size with the most elements."""
    return largest_size(drill.sizes)


def probe_devices(targets: list[str]) -> list[str]:
    """The devices whose work is counted besides the CPU's: a solution may loop only where
    `x.is_cuda`, so every checked device is probed on its own inputs."""
    return [device for device in targets if device != "cpu"]


def default_probe(drill: Drill) -> tuple[Size, Size]:
    """Without a declared probe: the largest check size, and every dimension of it times 8."""
    base = drill.sizes[-1]
    return base, {k: max(v, 1) * 8 for k, v in base.items()}


def probe_sizes(drill: Drill) -> list[Size]:
    """The sizes whose work counts show a loop: the drill's own two, or the default probe. For a
    `loop_over` drill: the small size, that dimension grown alone, then each other dimension grown
    alone (to the large size's value, or 8 times where the large size keeps it)."""
    small, large = drill.probe or default_probe(drill)
    if drill.loop_over is None:
        return [small, large]

    def grown(dim: str) -> Size:
        return {**small, dim: large[dim] if large[dim] != small[dim] else max(small[dim], 1) * 8}

    return [small, grown(drill.loop_over), *(grown(d) for d in small if d != drill.loop_over)]


def benchmarks(
    drill: Drill, targets: list[str], seed: int, scaling: bool, solution_budget: float
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The solution's benchmarks and the loop's: the same sizes and seeds, each side its budgets."""
    return (
        _bench_specs(drill, targets, seed, scaling, (solution_budget, STEP_BUDGETS["solution"])),
        _bench_specs(drill, targets, seed, scaling, (LOOP_BENCH_BUDGET, STEP_BUDGETS["loop"])),
    )


def _bench_specs(
    drill: Drill,
    targets: list[str],
    seed: int,
    scaling: bool,
    budgets: tuple[float, float],
) -> list[dict[str, Any]]:
    """The benchmark size on each device, then (with --scaling) the ladder's smaller steps, which
    grow the dimensions that the drill's two probe sizes grow."""
    steps = ladder.ladder(drill.bench, drill.probe or default_probe(drill))[:-1] if scaling else []
    specs = []
    for d in targets:
        specs.append(
            {
                "name": f"bench:{d}",
                "device": d,
                "size": drill.bench,
                "seed": seed + BENCH_SEED_OFFSET,
                "budget": budgets[0],
                "keep_output": True,
            }
        )
        specs += [
            {
                "name": f"ladder:{d}:{i}",
                "device": d,
                "size": size,
                "seed": seed + BENCH_SEED_OFFSET,
                "budget": budgets[1],
            }
            for i, size in enumerate(steps)
        ]
    return specs


def secret_places(drill: Drill) -> list[Path]:
    """What no solution's process may read, wherever it is: every drill pack vecdrill knows (each
    holds reference solutions and explanations), the drill's own pack among them, the history of a
    checkout vecdrill runs from, and vecdrill's state (the cache holds the loop's expected outputs,
    the data folder every learner's progress). The state folders are made first, so that the
    sandbox can cover them before a check running in parallel fills them."""
    places = [drill.folder.parent, catalogue.builtin_dir(), *catalogue.search_path()]
    checkout = Path(__file__).resolve().parents[2] / ".git"
    if checkout.exists():
        places.append(checkout)
    for folder in (paths.cache_dir(), paths.data_dir()):
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        places.append(folder)
    return places
