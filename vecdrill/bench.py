"""Time a function honestly: fresh inputs every call, device syncs, repeats until a budget.

Runs inside the child processes, where the thread count is pinned (one by default). Every call
gets its own copy of the inputs (copied outside the timed region), so a solution that caches
answers between calls gains nothing; one that hands back the same result object again is caught,
because each output is kept alive until the next call's output has been compared with it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from time import perf_counter, process_time, thread_time  # bound before learner code runs
from typing import Any

# Part of the key of cached loop timings: a change here makes older timings stale.
METHOD = "per call: min(wall, thread CPU) when one CPU thread works, else wall; median, quartiles"
# Process CPU time can advance in scheduler ticks (4 ms at 250 Hz) inside the sandbox.
_CLOCK_TICK = 0.01


@dataclass(frozen=True)
class Samples:
    seconds: list[float]
    repeats: int  # calls timed; `seconds` may be an evenly spaced subset of their sorted times

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    def quantile(self, q: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]

    def thinned(self, limit: int = 1001) -> Samples:
        """At most `limit` order statistics, so tens of thousands of tiny calls stay small on
        the wire and in the cache while keeping their median and quartiles."""
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


def time_calls(function: Callable[..., Any], fresh_kwargs: Callable[[], dict[str, Any]], *,
               device: str, budget_seconds: float, min_repeats: int = 3,
               max_repeats: int = 100_000, cpu_clock: bool = False) -> Measured:
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
            len(walls) < max_repeats and spent < budget_seconds and perf_counter() < deadline):
        kwargs = fresh_kwargs()
        sync()
        cpu_start = thread_time() if cpu_clock else 0.0
        start = perf_counter()
        previous, output = output, function(**kwargs)
        sync()
        wall = perf_counter() - start
        walls.append(wall)
        lesser.append(min(wall, thread_time() - cpu_start) if cpu_clock else wall)
        spent += lesser[-1]
        reused = reused or shares_memory(previous, output)
    others = (process_time() - process_start) - (thread_time() - thread_start)
    alone = others < _CLOCK_TICK + 0.05 * (thread_time() - thread_start)
    seconds = lesser if alone else walls
    return Measured(Samples(seconds, len(seconds)), output, reused)


def shares_memory(earlier: Any, later: Any) -> bool:
    """True when a tensor or array in `later` lives in the same memory as one in `earlier`."""
    before = _addresses(earlier)
    return any(address in before for address in _addresses(later))


def _addresses(output: Any) -> set[int]:
    """Base addresses of the non-empty buffers behind each tensor or array in a result."""
    items = output if type(output) is tuple else (output,)
    found = set()
    for item in items:
        try:
            if callable(getattr(item, "untyped_storage", None)) and item.numel() > 0:
                found.add(int(item.untyped_storage().data_ptr()))
            elif type(item).__name__ == "ndarray" and item.size > 0:
                while type(item.base).__name__ == "ndarray":
                    item = item.base
                found.add(int(item.ctypes.data))
        except (RuntimeError, NotImplementedError, AttributeError, TypeError):
            continue  # sparse or exotic results have no single buffer to compare
    return found


def _synchronizer(device: str) -> Callable[[], None]:
    if device.startswith("cuda"):
        import torch

        return torch.cuda.synchronize
    return lambda: None
