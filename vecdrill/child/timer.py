"""Time a function honestly: fresh inputs every call, device syncs, repeats until a budget.

Other programs on a machine only ever add time to a call, and on a shared machine they come and
go: on our 2-vCPU VM one CPU at a time runs memory-bound code 2x slower for a second or so, and
over 5 checks the median call of a solution moved by up to 45% (benchmarks/README.md). So, in
the spirit of `timeit` (the best of several repeats, each a mean), consecutive calls are grouped
into blocks of 8 calls or 5 ms, a block counts the mean of its calls, and a side's figure is its
quietest block, the one the rest of the machine disturbed least. A cost the code pays on some
calls only, such as fresh memory every other call, stays in every block's mean, where the fastest
single call would hide it. The median block is kept to show how much the load cost.

Runs inside the child processes, where the thread count is pinned (one by default). Every call
gets its own copy of the inputs (copied outside the timed region), so a solution that caches
answers between calls gains nothing, and one that hands back memory it returned before (and kept
alive) is caught.
"""

from __future__ import annotations

import statistics
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from time import perf_counter, process_time, thread_time  # bound before learner code runs
from typing import Any

# Part of the key of cached loop timings: a change here makes older timings stale.
METHOD = (
    "per call: min(wall, thread CPU) when one CPU thread works, else wall; blocks of 8 "
    "calls or 5 ms, each its mean; quietest block, median block"
)
BLOCK_CALLS = 8
BLOCK_SECONDS = 0.005
# Process CPU time can advance in scheduler ticks (4 ms at 250 Hz) inside the sandbox.
_CLOCK_TICK = 0.01


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


@dataclass(frozen=True)
class Measured:
    samples: Samples
    output: Any  # the last timed call's result, re-checked by the parent
    reused_output: bool  # some call returned memory that an earlier call had returned


def time_calls(
    function: Callable[..., Any],
    fresh_kwargs: Callable[[], dict[str, Any]],
    *,
    device: str,
    budget_seconds: float,
    min_repeats: int = 3,
    max_repeats: int = 100_000,
    cpu_clock: bool = False,
) -> Measured:
    """Warm up once, then time calls until `min_repeats` are done and either the timed calls
    have used the budget or, for tiny calls whose input copies cost more than they do, twice
    the budget of wall time has passed.

    With `cpu_clock` (single-threaded CPU work) each call counts as the lesser of its wall time
    and the CPU time of this thread during it: a call that other programs on a busy machine
    pushed off the CPU counts what it would take uninterrupted, while tiny calls keep the finer
    wall clock. If other threads of the process worked meanwhile, that CPU time would miss
    their share, so the wall times are kept instead.
    """
    sync = _synchronizer(device)
    output = function(**fresh_kwargs())
    sync()
    walls: list[float] = []
    lesser: list[float] = []
    reused = False
    spent = 0.0
    deadline = perf_counter() + 2 * budget_seconds
    process_start, thread_start = process_time(), thread_time()
    while len(walls) < min_repeats or (
        len(walls) < max_repeats and spent < budget_seconds and perf_counter() < deadline
    ):
        kwargs = fresh_kwargs()
        kept = [weakref.ref(owner) for owner in memory_owners(output)]
        output = None  # from here only the function itself can keep the last result alive
        sync()
        cpu_start = thread_time() if cpu_clock else 0.0
        start = perf_counter()
        output = function(**kwargs)
        sync()
        wall = perf_counter() - start
        walls.append(wall)
        cpu = thread_time() - cpu_start if cpu_clock else 0.0
        lesser.append(min(wall, cpu) if cpu > 0 else wall)  # 0: a clock too coarse to use
        spent += lesser[-1]
        reused = reused or _returned_again(kept, output)
    others = (process_time() - process_start) - (thread_time() - thread_start)
    alone = others < _CLOCK_TICK + 0.05 * (thread_time() - thread_start)
    seconds = lesser if alone else walls
    return Measured(Samples.of_calls(seconds), output, reused)


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


def memory_owners(output: Any) -> list[Any]:
    """What owns the memory behind each non-empty tensor or array in a result: a tensor's
    storage (one Python object for as long as the memory lives), an array's base array."""
    items = output if type(output) is tuple else (output,)
    owners = []
    for item in items:
        try:
            if callable(getattr(item, "untyped_storage", None)) and item.numel() > 0:
                owners.append(item.untyped_storage())
            elif type(item).__name__ == "ndarray" and item.size > 0:
                while type(item.base).__name__ == "ndarray":
                    item = item.base
                owners.append(item)
        except (RuntimeError, NotImplementedError, TypeError):
            continue  # sparse or exotic results have no single buffer to compare
    return owners


def _returned_again(kept: list[weakref.ref[Any]], output: Any) -> bool:
    """True when the new result lives in memory that the last result used and that something
    besides vecdrill (a cache in the solution) kept alive."""
    alive = {_address(owner) for ref in kept if (owner := ref()) is not None}
    return any(_address(owner) in alive for owner in memory_owners(output))


def _address(owner: Any) -> int:
    return int(owner.data_ptr() if hasattr(owner, "data_ptr") else owner.ctypes.data)


def _synchronizer(device: str) -> Callable[[], None]:
    if device.startswith("cuda"):
        import torch

        return torch.cuda.synchronize
    return lambda: None
