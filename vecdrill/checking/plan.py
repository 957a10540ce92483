"""What one check runs: the cases, the probe sizes, the benchmarks, and what the solution may not read.

Pure planning from the drill and the options, before any child starts: `make` computes it all once
into a `Plan`, which feeds the solution's child (`Plan.run_request`) and the reference loop's, so
both answer the very same cases, and the judging after them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from vecdrill import wire
from vecdrill.checking.expected import Case
from vecdrill.content import catalogue, drill_code
from vecdrill.content.drill import Drill, Size, largest_size
from vecdrill.measure import ladder
from vecdrill.messages import message
from vecdrill.sandbox import launch

DEFAULT_SEED = 1234
BENCH_SEED_OFFSET = 99  # the benchmark inputs are drawn apart from every checked case's
RANDOM_SEED_OFFSET = 10  # the random sizes' seeds: seed + 10, seed + 11, ...
SOLUTION_BENCH_BUDGET = 1.0  # a shorter window can fall inside one slow second of a shared CPU
LOOP_BENCH_BUDGET = 1.0
STEP_BUDGETS = {"solution": 0.05, "loop": 0.15}  # seconds per `--scaling` step below the bench


@dataclass(frozen=True)
class CheckOptions:
    drill_id: str | None = None
    device: str = "all"  # "cpu", "cuda" or "all" (every available device)
    seed: int = DEFAULT_SEED
    bench: bool = True
    timeout: float | None = None
    isolation: str | None = None
    bench_budget: float = SOLUTION_BENCH_BUDGET  # seconds spent timing the solution per device
    scaling: bool = False  # also time both sides over a ladder of sizes up to the bench size
    # The benchmark size is a case of every verdict; `try` leaves it out of a save's first step
    # only, since a correct answer goes on at once to the second step, which checks it there.
    bench_size: bool = True
    # When CUDA's failure takes every verdict with it, check the CPU alone and keep its verdict
    # (`device_retry`); dev check turns this off, since a drill that fails on CUDA is its author's.
    cpu_fallback: bool = True


@dataclass(frozen=True)
class Plan:
    """Everything one check runs, computed once (`make`): the parsed drill and the code its child
    gets, the devices, the cases, the probe sizes, both sides' benchmarks, what the solution may
    not read, the helpers' sources and the solution's limits."""

    drill: Drill
    targets: list[str]
    cases: list[Case]
    probe: list[Size]
    solution_bench: list[dict[str, Any]]
    loop_bench: list[dict[str, Any]]
    hidden: list[Path]
    helpers: list[wire.HelperSource]
    timeout: float  # the solution's own clock, before its benchmarks' time
    bench_budget: float
    given: tuple[dict[str, Any], dict[str, bytes]] = field(repr=False)

    @property
    def limits(self) -> launch.Limits:
        return launch.Limits(wall_seconds=self.timeout + self.bench_budget * 4 * len(self.solution_bench))

    @property
    def reference_timeout(self) -> float:
        """The loop's own wall clock: slow by design, so generous (two minutes for the default
        10 s drill timeout), yet short for a drill that declares a short timeout, so that an
        endless loop is told quickly."""
        return max(self.drill.timeout * 12, self.timeout * 6)

    def on_cpu(self) -> Plan:
        """The same plan on the CPU alone (`device_retry`)."""
        return replace(
            self,
            targets=["cpu"],
            cases=[case for case in self.cases if case.device == "cpu"],
            solution_bench=[spec for spec in self.solution_bench if spec["device"] == "cpu"],
            loop_bench=[spec for spec in self.loop_bench if spec["device"] == "cpu"],
        )

    def run_request(
        self, source: bytes, filename: str, isolation: launch.IsolationReport, names: list[wire.NameUse]
    ) -> launch.RunRequest:
        """The solution's run: `source` (named `filename`) on this plan, in a box of `isolation`."""
        drill, code = self.given
        request = wire.WorkerRequest(
            mode="solution",
            drill=drill,
            code=code,
            source=source,
            filename=filename,
            cases=[wire.CaseRequest(**case.as_request()) for case in self.cases],
            grad=self.drill.grad,
            probe=self.probe,
            bench=[wire.BenchRequest(**spec) for spec in self.solution_bench],
            plain_mode=isolation.layer != launch.Isolation.BWRAP,
            hidden=[str(place) for place in self.hidden] if isolation.layer is launch.Isolation.PLAIN else [],
            # a solution may loop only where `x.is_cuda`: each checked device is probed on its own
            probe_devices=[device for device in self.targets if device != "cpu"],
            helpers=self.helpers,
            names=names,
        )
        return launch.RunRequest(
            wire.WORKER_ARGS,
            wire.encode_request(request),
            self.limits,
            isolation,
            hidden=frozenset(self.hidden),
        )


def make(drill: Drill, targets: list[str], options: CheckOptions, cases: list[Case] | None = None) -> Plan:
    """The plan of a check of `drill` on `targets`; `cases` replaces the check's own (mutation
    testing's larger battery)."""
    return Plan(
        drill,
        targets,
        cases
        if cases is not None
        else build_cases(drill, targets, options.seed, bench_size=options.bench_size),
        probe_sizes(drill),
        bench_specs(drill, targets, options, "solution"),
        bench_specs(drill, targets, options, "loop"),
        secret_places(drill),
        drill_code.helper_sources(drill),
        options.timeout or drill.timeout,
        options.bench_budget,
        drill_code.given(drill, answers=False),
    )


def build_cases(drill: Drill, targets: list[str], seed: int, *, bench_size: bool = True) -> list[Case]:
    """Every listed size at two seeds, non-contiguous inputs where the drill allows them, the
    extra cases (`[cases]`): random sizes at seeds of their own and forced edge values, then the
    benchmark size (so that a verdict never depends on whether the check times; only the first,
    provisional step of a save in `try` leaves it out, as its second step always runs it). All of
    it follows from `seed`, so `--seed` plans the same cases again. The same cases on each device."""
    cases = []  # their ids and devices are each target's, below
    for i, size in enumerate(drill.sizes):
        for offset in (0, 1):
            label = message("case", "listed_second" if offset else "listed", number=i + 1)
            cases.append(Case(f"{i}:{offset}", "", size, seed + offset, label=label))
    if drill.noncontiguous:
        cases.append(Case("nc", "", drill.sizes[-1], seed + 2, True, label=message("case", "noncontiguous")))
    for i, size in enumerate(random_sizes(drill, seed)):
        label = message("case", "random", number=i + 1)
        cases.append(Case(f"random:{i}", "", size, seed + RANDOM_SEED_OFFSET + i, label=label))
    for name, edge in drill.edge_cases():  # at the listed size with the most elements
        label = message("case", f"edge_{edge}", name=name)
        edged = f"{name}:{edge}"
        cases.append(Case(f"edge:{edged}", "", largest_size(drill.sizes), seed, edge=edged, label=label))
    if bench_size and drill.bench not in drill.sizes:  # what timing compares, the plain check compares too
        # last: running out of memory there leaves every other verdict
        label = message("case", "bench")
        cases.append(Case("bench", "", drill.bench, seed + BENCH_SEED_OFFSET, label=label, outputs_only=True))
    return [
        replace(case, id=f"{device}:{case.id}", device=device, replay=seed)
        for device in targets
        for case in cases
    ]


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


def bench_specs(drill: Drill, targets: list[str], options: CheckOptions, side: str) -> list[dict[str, Any]]:
    """The benchmarks of one side ("solution" or "loop"), none where the check does not time: the
    benchmark size on each device, then (with --scaling) the ladder's smaller steps, which grow the
    dimensions that the drill's two probe sizes grow. Both sides time the same sizes and seeds,
    each with its own budgets."""
    if not (options.bench and drill.benchmark):
        return []
    budget = options.bench_budget if side == "solution" else LOOP_BENCH_BUDGET
    steps = ladder.ladder(drill.bench, drill.probe or default_probe(drill))[:-1] if options.scaling else []
    seed = options.seed + BENCH_SEED_OFFSET
    specs: list[dict[str, Any]] = []
    for d in targets:
        bench = {"name": f"bench:{d}", "device": d, "size": drill.bench, "seed": seed, "budget": budget}
        specs.append({**bench, "keep_output": True})
        specs += [
            {"name": f"ladder:{d}:{i}", "device": d, "size": size, "seed": seed, "budget": STEP_BUDGETS[side]}
            for i, size in enumerate(steps)
        ]
    return specs


def secret_places(drill: Drill) -> list[Path]:
    """What no solution's process may read, wherever it is: the drill's own pack, and every other
    place that holds answers or records (`catalogue.secret_folders`)."""
    return [drill.folder.parent, *catalogue.secret_folders()]
