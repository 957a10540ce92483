"""Time a function honestly: fresh inputs every call, device syncs, repeats until a budget.

Runs inside the child processes. Every call gets its own copy of the inputs (copied outside the
timed region), so a solution that caches answers between calls gains nothing.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Samples:
    seconds: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    def quantile(self, q: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def time_calls(function: Callable[..., Any], fresh_kwargs: Callable[[], dict[str, Any]], *,
               device: str, budget_seconds: float, min_repeats: int = 3,
               max_repeats: int = 2000) -> tuple[Samples, Any]:
    """Warm up once, then time calls until the budget and `min_repeats` are both reached.

    Returns the samples and the output of the last timed call (re-checked by the parent).
    """
    sync = _synchronizer(device)
    function(**fresh_kwargs())
    sync()
    seconds: list[float] = []
    output: Any = None
    spent = 0.0
    while len(seconds) < max_repeats and (len(seconds) < min_repeats or spent < budget_seconds):
        kwargs = fresh_kwargs()
        sync()
        start = time.perf_counter()
        output = function(**kwargs)
        sync()
        elapsed = time.perf_counter() - start
        seconds.append(elapsed)
        spent += elapsed
    return Samples(seconds), output


def _synchronizer(device: str) -> Callable[[], None]:
    if device.startswith("cuda"):
        import torch

        return torch.cuda.synchronize
    return lambda: None
