"""The statistic of a timing: blocks of calls, and each side's quietest block.

Other programs on a machine only ever add time to a call, and on a shared machine they come and
go: on our 2-vCPU VM one CPU at a time runs memory-bound code 2x slower for a second or so, and
over 5 checks the median call of a solution moved by up to 45% (benchmarks/README.md). So, in
the spirit of `timeit` (the best of several repeats, each a mean), consecutive calls are grouped
into blocks of 8 calls or 5 ms, a block counts the mean of its calls, and a side's figure is its
quietest block, the one the rest of the machine disturbed least. A cost the code pays on some
calls only, such as fresh memory every other call, stays in every block's mean, where the fastest
single call would hide it. The median block is kept to show how much the load cost.

The child's timer (`vecdrill.child.timer`) makes the samples; the parent reads them back here.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

# Part of the key of cached loop timings: a change here (or in how the child's timer clocks a
# call) makes older timings stale.
METHOD = (
    "per call: min(wall, thread CPU) when one CPU thread works, else wall; blocks of 8 "
    "calls or 5 ms, each its mean; quietest block, median block"
)
BLOCK_CALLS = 8
BLOCK_SECONDS = 0.005


@dataclass(frozen=True)
class Samples:
    seconds: list[float]  # seconds per call, one value per block of calls (see blocks_of)
    repeats: int  # calls timed; `seconds` may be an evenly spaced subset of their sorted values

    @classmethod
    def of_calls(cls, calls: list[float]) -> Samples:
        """The blocks of consecutive calls, timed in the order they ran."""
        return cls(blocks_of(calls), len(calls))

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def quietest(self) -> float:
        """The least disturbed block: what a call costs when the rest of the machine leaves it
        alone."""
        return min(self.seconds)

    def thinned(self, limit: int = 1001) -> Samples:
        """At most `limit` order statistics, so tens of thousands of blocks stay small on the wire
        and in the cache while keeping their median and the quietest."""
        ordered = sorted(self.seconds)
        if len(ordered) <= limit:
            return Samples(ordered, self.repeats)
        step = (len(ordered) - 1) / (limit - 1)
        return Samples([ordered[round(i * step)] for i in range(limit)], self.repeats)


def blocks_of(calls: list[float]) -> list[float]:
    """Mean seconds per call of each block of consecutive calls: a block closes at BLOCK_CALLS
    calls or BLOCK_SECONDS of them. A short block left at the end counts only if it is the only
    one."""
    blocks: list[float] = []
    block: list[float] = []
    for seconds in calls:
        block.append(seconds)
        if len(block) >= BLOCK_CALLS or sum(block) >= BLOCK_SECONDS:
            blocks.append(sum(block) / len(block))
            block = []
    if block and not blocks:
        blocks.append(sum(block) / len(block))
    return blocks
