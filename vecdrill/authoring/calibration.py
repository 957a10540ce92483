"""A fixed workload timed on this machine, so that dev check's bench-size rule means the same on a
fast CPU and on a slow one.

A drill's loop at its benchmark size is measured against this workload (the kind of work such a
loop does: a Python loop that reads, computes and writes one tensor element per step) rather than
against the clock, so a machine twice as fast halves both and the rule holds either way.
"""

from __future__ import annotations

import math
import time

ELEMENTS = 1000  # steps of the workload
RUNS = 7  # at least this many runs, and for at least WINDOW seconds; the quickest counts, because
WINDOW = 1.0  # other programs only ever add time, and on a shared machine they come and go


def workload_seconds() -> float:
    """Seconds this machine takes for the workload: the quickest run of a second's worth."""
    import torch

    source = torch.arange(ELEMENTS, dtype=torch.float32)
    out = torch.empty(ELEMENTS)
    quickest, runs, began = math.inf, 0, time.perf_counter()
    while runs < RUNS or time.perf_counter() - began < WINDOW:
        started = time.perf_counter()
        for i in range(ELEMENTS):
            out[i] = source[i] * 2 + 1
        quickest, runs = min(quickest, time.perf_counter() - started), runs + 1
    return quickest
