"""The `--scaling` ladder: sizes from 1 up to the benchmark size, where the loop stops being
competitive, and the dots of the log-log chart that shows it.

Vectorized code pays a fixed cost per call, so on tiny inputs it may gain little or even lose; the
ladder lets a learner see the two curves part. Pure standard library: the parent builds the ladder
before any child starts, and render.py only colours the grid laid out here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from vecdrill.content.drill import Size
from vecdrill.report.model import ScalingPoint

MAX_STEPS = 10
# Braille dot bits by (column, row) inside one character cell of 2 x 4 dots.
_DOT_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


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
    before, after = points[first_good - 1], points[first_good]
    t = -math.log(before.speedup) / (math.log(after.speedup) - math.log(before.speedup))
    return {
        d: round(math.exp(math.log(max(before.size[d], 1)) * (1 - t) + math.log(max(after.size[d], 1)) * t))
        for d in after.size
    }


@dataclass(frozen=True)
class Cell:
    char: str
    series: str | None  # the series owning most of the cell's dots; "marker" for the crossover


def plot(
    series: dict[str, list[tuple[float, float]]], width: int, height: int, marker_x: float | None = None
) -> list[list[Cell]]:
    """Rows of braille cells (top row first) drawing each series as a line on log-log axes
    spanning the data; `marker_x` draws a dotted vertical line."""
    xs = [math.log(x) for values in series.values() for x, _ in values]
    ys = [math.log(y) for values in series.values() for _, y in values]
    columns, rows = width * 2, height * 4

    def dot(x: float, y: float) -> tuple[int, int]:
        return (
            _scale(math.log(x), min(xs), max(xs), columns),
            rows - 1 - _scale(math.log(y), min(ys), max(ys), rows),
        )

    dots: dict[tuple[int, int], dict[str, int]] = {}
    for name, values in series.items():
        for (x0, y0), (x1, y1) in itertools.pairwise(values):
            (c0, r0), (c1, r1) = dot(x0, y0), dot(x1, y1)
            steps = max(abs(c1 - c0), abs(r1 - r0), 1)
            for i in range(steps + 1):
                c, r = round(c0 + (c1 - c0) * i / steps), round(r0 + (r1 - r0) * i / steps)
                owners = dots.setdefault((c, r), {})
                owners[name] = owners.get(name, 0) + 1
        if len(values) == 1:
            dots.setdefault(dot(*values[0]), {})[name] = 1
    marker_column = dot(marker_x, math.exp(min(ys)))[0] // 2 if marker_x is not None else None
    return [[_cell(dots, column, row, marker_column) for column in range(width)] for row in range(height)]


def _scale(value: float, low: float, high: float, slots: int) -> int:
    return 0 if high <= low else round((value - low) / (high - low) * (slots - 1))


def _cell(
    dots: dict[tuple[int, int], dict[str, int]], column: int, row: int, marker_column: int | None
) -> Cell:
    mask = 0
    weight: dict[str, int] = {}
    for dx in (0, 1):
        for dy in range(4):
            owners = dots.get((column * 2 + dx, row * 4 + dy))
            if owners:
                mask |= _DOT_BITS[dx][dy]
                for name, count in owners.items():
                    weight[name] = weight.get(name, 0) + count
    if mask:
        return Cell(chr(0x2800 + mask), max(weight, key=lambda name: weight[name]))
    if column == marker_column:
        return Cell("┊", "marker")
    return Cell(" ", None)
