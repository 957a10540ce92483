"""How vecdrill writes numbers: sizes, durations and speedups, the same in the report, on the watch
screen and in the benchmarks' tables, one formatter per unit. Plain text, no rich; a unit that is a
word (bytes) comes from the catalogue, for the reader's language."""

from __future__ import annotations

from vecdrill.messages import Message, message


def size(dims: dict[str, int]) -> str:
    """`B=64, C=10`."""
    return ", ".join(f"{k}={v}" for k, v in dims.items())


def byte_size(count: int) -> str | Message:
    """A binary prefix where one fits (`4 GiB`, `64 KiB`), else the count in words (`512 bytes`)."""
    for unit, factor in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if count >= factor:
            return f"{count / factor:g} {unit}"
    return message("unit", "bytes", count=count)


def seconds(value: float) -> str:
    """Three significant figures in the largest unit below the value: 1.23 s, 45.6 ms, 789 µs."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value / 1e-9:.3g} ns"


def speedup(value: float) -> str:
    """Two significant figures: 1.2x, 12x, 1200x."""
    if value < 100:
        return f"{float(f'{value:.2g}'):g}x"
    return f"{round(value, -len(str(int(value))) + 2):.0f}x"


def si(value: float, unit: str) -> str:
    """Three significant figures with a decimal prefix: 64.0 MB, 21.3 GB/s, 2.15 GFLOP."""
    for prefix, scale in (("P", 1e15), ("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(value) >= scale:
            return f"{value / scale:.3g} {prefix}{unit}"
    return f"{value:.3g} {unit}"


def percent(fraction: float) -> str:
    """38%, 4.5%, 0.31%: two significant figures below 10%."""
    return f"{fraction:.0%}" if fraction >= 0.1 else f"{float(f'{fraction * 100:.2g}'):g}%"
