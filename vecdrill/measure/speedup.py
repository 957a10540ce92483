"""The speedup a learner can trust, from the two sides' timing samples."""

from __future__ import annotations

from vecdrill.measure.samples import Samples
from vecdrill.result.model import Timing


def summarize(
    loop: Samples, solution: Samples, *, size: dict[str, int], threads: int, loop_cached: bool
) -> Timing:
    """The speedup of each side's quietest block of calls (the one the machine disturbed least),
    with a range that pairs each side's quietest block with the other's median block."""
    return Timing(
        loop_seconds=loop.quietest,
        solution_seconds=solution.quietest,
        speedup=loop.quietest / solution.quietest,
        speedup_low=loop.quietest / solution.median,
        speedup_high=loop.median / solution.quietest,
        loop_median_seconds=loop.median,
        solution_median_seconds=solution.median,
        loop_repeats=loop.repeats,
        solution_repeats=solution.repeats,
        threads=threads,
        size=size,
        loop_cached=loop_cached,
    )
