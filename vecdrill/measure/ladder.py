"""The `--scaling` ladder: sizes from 1 up to the benchmark size, and where the loop stops being
competitive.

Vectorized code pays a fixed cost per call, so on tiny inputs it may gain little or even lose; the
ladder lets a learner see the two curves part (report/chart.py draws them). Pure standard library:
the parent builds the ladder before any child starts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from vecdrill.content.drill import Size
from vecdrill.result.model import ScalingPoint

MAX_STEPS = 10


def grown_dims(bench: Size, probe: Sequence[Size]) -> list[str]:
    """The dimensions the work grows with: those that differ between the two probe sizes."""
    small, large = probe
    grown = [d for d in bench if small.get(d) != large.get(d) and bench[d] > 0]
    return grown or [d for d in bench if bench[d] > 0]


def ladder(bench: Size, probe: Sequence[Size], steps: int = MAX_STEPS) -> list[Size]:
    """Geometric steps that scale the grown dimensions together, keeping their ratios, from the
    smallest of them at 1 up to the benchmark size itself (the last step)."""
    dims = grown_dims(bench, probe)
    smallest = min((bench[d] for d in dims), default=1)
    if smallest <= 1:
        return [dict(bench)]
    count = max(2, min(steps, math.ceil(math.log2(smallest)) + 1))
    sizes: list[Size] = []
    for k in range(count):
        fraction = smallest ** (k / (count - 1)) / smallest
        size = {**bench, **{d: max(1, round(bench[d] * fraction)) for d in dims}}
        if size not in sizes:
            sizes.append(size)
    return sizes


def point(size: Size, loop_seconds: float, solution_seconds: float) -> ScalingPoint:
    return ScalingPoint(size, loop_seconds, solution_seconds, loop_seconds / solution_seconds)


def varying_dims(points: Sequence[ScalingPoint]) -> list[str]:
    """The dimensions that change along a ladder (the chart's x axis is their product)."""
    if len(points) < 2:
        return list(points[0].size) if points else []
    first, last = points[0].size, points[-1].size
    return [d for d in last if first.get(d) != last[d]]


def extent(size: Size, dims: Sequence[str]) -> float:
    return float(math.prod(max(size[d], 1) for d in dims))


def crossover(points: Sequence[ScalingPoint]) -> Size | None:
    """The size from which your solution stays faster than the loop, interpolated on log-log
    axes between two ladder steps; the first step when it is faster everywhere; None when the
    loop is still faster at the largest size."""
    if not points or points[-1].speedup < 1:
        return None
    first_good = len(points) - 1
    while first_good > 0 and points[first_good - 1].speedup >= 1:
        first_good -= 1
    if first_good == 0:
        return dict(points[0].size)
    return _crossing(points[first_good - 1], points[first_good])


def _crossing(before: ScalingPoint, after: ScalingPoint) -> Size:
    """Where the speedup passes 1 between two steps, interpolated on log-log axes."""
    t = -math.log(before.speedup) / (math.log(after.speedup) - math.log(before.speedup))
    return {
        d: round(math.exp(math.log(max(before.size[d], 1)) * (1 - t) + math.log(max(after.size[d], 1)) * t))
        for d in after.size
    }


# Two speedups within this factor of each other are "about the same" for the curve's shape: the
# ladder's steps are timed briefly, so small wiggles are noise, not a trend.
SAME = 1.25


@dataclass(frozen=True)
class Curve:
    """The measured speedup curve in the terms the report's sentence needs."""

    first: ScalingPoint
    last: ScalingPoint
    best: ScalingPoint  # the largest speedup
    wins_from: Size | None  # from here up to the largest size, yours is faster (see crossover)
    wins_until: Size | None  # yours was faster up to here, then the loop (None: it never was, or is still)
    trend: str  # how the speedup moves where yours wins everywhere: grows, shrinks, peaks or steady


def curve(points: Sequence[ScalingPoint]) -> Curve:
    """The shape of a ladder's speedups: where they cross 1 and whether the gain grows or shrinks."""
    first, last = points[0], points[-1]
    best = max(points, key=lambda p: p.speedup)
    wins_until = None
    if last.speedup < 1 and best.speedup >= 1:
        after = max(i for i, p in enumerate(points) if p.speedup >= 1) + 1
        wins_until = _crossing(points[after - 1], points[after])
    if best.speedup > SAME * max(first.speedup, last.speedup):
        trend = "peaks"
    elif last.speedup >= SAME * first.speedup:
        trend = "grows"
    elif first.speedup >= SAME * last.speedup:
        trend = "shrinks"
    else:
        trend = "steady"
    return Curve(first, last, best, crossover(points), wins_until, trend)
