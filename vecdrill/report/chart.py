"""A braille line chart on log-log axes, laid out as a grid of cells that the views colour: each
character cell holds 2 x 4 dots, so a 64-column chart has 128 x-positions. Pure standard library.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

# Braille dot bits by (column, row) inside one character cell of 2 x 4 dots.
_DOT_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


@dataclass(frozen=True)
class Cell:
    char: str
    series: str | None  # the series owning most of the cell's dots; "marker" for the crossover


def plot(
    series: dict[str, list[tuple[float, float]]],
    width: int,
    height: int,
    marker_x: float | None = None,
    symbols: dict[str, str] | None = None,
) -> list[list[Cell]]:
    """Rows of braille cells (top row first) drawing each series as a line on log-log axes
    spanning the data; `marker_x` draws a dotted vertical line. A series with a symbol has it
    drawn at each of its points, so the lines can be told apart without colour."""
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
    grid = [[_cell(dots, column, row, marker_column) for column in range(width)] for row in range(height)]
    for name, symbol in (symbols or {}).items():
        for x, y in series.get(name, []):
            column, row = dot(x, y)
            grid[row // 4][column // 2] = Cell(symbol, name)
    return grid


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
