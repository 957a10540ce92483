"""What this machine can do at most, measured: `python -I -m vecdrill.child.ceilings DEVICE...`.

vecdrill's trusted child runs this once per machine (the parent caches it with the machine's key,
`check.machine`) and prints one JSON line: for each device, how fast it copies memory (a STREAM-like
copy of buffers far larger than any cache, counting the bytes read and the bytes written), how
fast it multiplies float32 and float64 matrices (square ones of two sizes), and how long one tiny
operation takes (the cost of a launch on a GPU, of dispatch on the CPU). On the CPU NumPy copies
and multiplies too, with its own memcpy and BLAS, and the faster library counts: the figure is the
machine's limit, not one library's. Each is timed with the clock a check times a solution
with (`timer`), on one thread as a check runs, in full float32 (`numerics`), so a solution's
figure and the ceiling it is set against are measured alike.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from vecdrill.child import gpu, numerics, timer

COPY_BYTES = {"cpu": 256 * 1024**2, "cuda": 1024**3}  # each of the two buffers
MATMUL_SIDES = {"cpu": (256, 1024), "cuda": (4096, 8192)}  # the faster counts: the machine's limit
MATMUL_DTYPES = ("float32", "float64")
BUDGET_SECONDS = 0.5


def measure(device: str) -> dict[str, Any]:
    import torch

    kind = "cuda" if device.startswith("cuda") else "cpu"
    tiny = torch.ones(1, device=device)
    return {
        "copy_bytes_per_second": _copy_rate(torch, device, COPY_BYTES[kind]),
        "matmul_flops_per_second": {
            dtype: max(_matmul_rate(torch, device, side, dtype) for side in MATMUL_SIDES[kind])
            for dtype in MATMUL_DTYPES
        },
        "op_seconds": _best(lambda: tiny.add_(1), device),
    }


def _copy_rate(torch: Any, device: str, size: int) -> float:
    """Bytes per second of a copy between two `size`-byte buffers, each read once and written
    once: torch's copy_ and, on the CPU, NumPy's copyto of NumPy's own arrays (libc's memcpy,
    whose streaming stores skip reading the target first, on memory NumPy asks the kernel to back
    with huge pages: up to twice as fast as torch's here), the faster: the machine's limit."""
    seconds = _copy_seconds(torch.ones(size // 4, device=device), torch.empty_like, device)
    if device == "cpu":
        import numpy

        numpy_seconds = _copy_seconds(numpy.ones(size // 4, dtype=numpy.float32), numpy.empty_like, device)
        seconds = min(seconds, numpy_seconds)
    return 2 * size / seconds


def _copy_seconds(source: Any, empty_like: Any, device: str) -> float:
    """Seconds per copy of `source` into a buffer like it (`empty_like`'s), torch's `copy_` or
    NumPy's `copyto`; both buffers are freed when it returns."""
    target = empty_like(source)
    if hasattr(target, "copy_"):
        return _best(lambda: target.copy_(source), device)
    import numpy

    return _best(lambda: numpy.copyto(target, source), device)


def _matmul_rate(torch: Any, device: str, side: int, dtype: str) -> float:
    """Flops per second of a square product, 2 side^3 operations (a multiply and an add each):
    torch's and, on the CPU, NumPy's (each library has a BLAS of its own), the faster."""
    a = torch.randn(side, side, device=device, dtype=getattr(torch, dtype))
    seconds = _best(lambda: a @ a, device)
    if device == "cpu":
        b = a.numpy().copy()
        seconds = min(seconds, _best(lambda: b @ b, device))
    return 2 * side**3 / seconds


def _best(call: Any, device: str) -> float:
    """Seconds per call of the quietest block, as a solution is timed."""
    measured = timer.time_calls(
        call, dict, device=device, budget_seconds=BUDGET_SECONDS, cpu_clock=device == "cpu"
    )
    return measured.samples.quietest


def main() -> None:
    import torch

    from vecdrill import wire

    torch.set_num_threads(1)
    numerics.pin(torch)
    found: dict[str, Any] = {}
    for device in sys.argv[1:]:
        problem = gpu.start(wire.GPU_MEMORY_BYTES) if device.startswith("cuda") else None
        found[device] = {"problem": problem} if problem else measure(device)
    sys.stdout.write(json.dumps(found) + "\n")
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
