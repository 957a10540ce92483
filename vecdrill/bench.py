"""Time a function honestly: fresh inputs every call, device syncs, repeats until a budget.

Runs inside the child processes. Every call gets its own copy of the inputs (copied outside the
timed region), so a solution that caches answers between calls gains nothing; one that hands back
the same result object again is caught, because each output is kept alive until the next call's
output has been compared with it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from time import perf_counter  # bound now: learner code cannot swap the clock later
from typing import Any


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
               max_repeats: int = 100_000) -> Measured:
    """Warm up once, then time calls until `min_repeats` are done and either the timed calls
    have used the budget or, for tiny calls whose input copies cost more than they do, twice
    the budget of wall time has passed."""
    sync = _synchronizer(device)
    output = function(**fresh_kwargs())
    sync()
    seconds: list[float] = []
    reused = False
    spent = 0.0
    deadline = perf_counter() + 2 * budget_seconds
    while len(seconds) < min_repeats or (
            len(seconds) < max_repeats and spent < budget_seconds and perf_counter() < deadline):
        kwargs = fresh_kwargs()
        sync()
        start = perf_counter()
        previous, output = output, function(**kwargs)
        sync()
        elapsed = perf_counter() - start
        reused = reused or shares_memory(previous, output)
        seconds.append(elapsed)
        spent += elapsed
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
