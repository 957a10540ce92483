"""How close a solution comes to what this machine can do, from measured figures only.

"40x faster than the loop" says nothing about what is left: the loop may be very slow. So beside
the speedup the report sets the least work a call must do (the bytes it must move, for the many
drills whose best solution is limited by memory; the floating-point operations, for a matrix
product) over the solution's time per call, against this machine's measured rate for that work
(`check.machine`): a copy's bytes per second, a matrix product's flops per second. A solution
that moves its data twice reads as half as efficient as one that moves it once, at the same
least work. Above 100% means the data fit in a cache, which the copy measurement avoids.

On a GPU, a call much shorter than its kernel launches is launch-bound: its time is the cost of
asking the GPU to work, and the loop, which waits for the GPU on every element, is bound by those
waits. A speedup between the two then counts launches saved, not how fast the GPU computes, and
the report says so beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vecdrill.result.model import Efficiency

LAUNCH_BOUND_OPS = 10  # a call shorter than this many tiny operations is mostly launching them
DTYPES = ("float32", "float64")  # the matrix products measured: a compute-bound drill's dtype


@dataclass(frozen=True)
class Ceilings:
    """One device's measured limits (`child.ceilings`)."""

    copy_bytes_per_second: float
    matmul_flops_per_second: dict[str, float]
    op_seconds: float

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ceilings:
        return cls(
            float(data["copy_bytes_per_second"]),
            {str(k): float(v) for k, v in data["matmul_flops_per_second"].items()},
            float(data["op_seconds"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "copy_bytes_per_second": self.copy_bytes_per_second,
            "matmul_flops_per_second": self.matmul_flops_per_second,
            "op_seconds": self.op_seconds,
        }


def figure(
    bound: str, work: float, seconds: float, ceilings: Ceilings, *, device: str, dtype: str | None
) -> Efficiency | None:
    """The efficiency of a solution that takes `seconds` a call for `work` (bytes or flops, as
    `bound` says) on `device`; None where nothing measured fits (a compute-bound drill in a dtype
    whose matrix product was not measured) or the figures cannot be set against each other."""
    if bound == "compute":
        ceiling = ceilings.matmul_flops_per_second.get(dtype or "")
        source = f"{dtype} matmul"
    else:
        ceiling, source = ceilings.copy_bytes_per_second, "copy"
    if not ceiling or seconds <= 0 or work <= 0:
        return None
    rate = work / seconds
    floor = work / ceiling  # the call's time at this machine's limit
    launch_bound = (
        device.startswith("cuda") and seconds < LAUNCH_BOUND_OPS * ceilings.op_seconds and floor < seconds / 2
    )
    return Efficiency(bound, work, rate, ceiling, rate / ceiling, source, launch_bound, ceilings.op_seconds)
