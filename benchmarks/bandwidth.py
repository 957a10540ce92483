"""vecdrill's efficiency figures against an independent measurement of this machine's bandwidth.

vecdrill measures a device's copy rate once per machine in its trusted child (torch's copy_ of two
256 MiB buffers on one thread, timed in blocks, the quietest kept) and sets each solution's least
traffic over its time against it. The independent side here is another program entirely: NumPy's
copyto of two 256 MiB arrays, in fresh processes, the best of 20 copies each (bytes read plus bytes
written over the time, as vecdrill counts them); on CUDA, CuPy's copy (torch's where CuPy is
missing) timed with device events. It runs before and after vecdrill's checks, each with a fresh
cache, so vecdrill measures its ceiling anew; then each drill's reference solution is checked.

    python benchmarks/bandwidth.py [--device cuda] [DRILL ...] > bandwidth.md
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from typing import Any

from common import DRILLS, check_json, load_note, log, speedup

from vecdrill.result import units

DEFAULT_DRILLS = ("standardize-columns", "normalize-images", "relu-where", "gather-logits", "matmul-loops")
INDEPENDENT = {
    "cpu": """
import os, time
os.environ["OMP_NUM_THREADS"] = "1"
import numpy as np
a = np.ones(64 * 1024**2, dtype=np.float32)
b = np.empty_like(a)
np.copyto(b, a)
best = float("inf")
for _ in range(20):
    start = time.perf_counter()
    np.copyto(b, a)
    best = min(best, time.perf_counter() - start)
print(2 * a.nbytes / best)
""",
    "cuda": """
try:
    import cupy as xp
    def timed(copy):
        start, end = xp.cuda.Event(), xp.cuda.Event()
        start.record(); copy(); end.record(); end.synchronize()
        return xp.cuda.get_elapsed_time(start, end) / 1000
    a = xp.ones(256 * 1024**2, dtype=xp.float32)
except ImportError:
    import torch as xp
    def timed(copy):
        start, end = (xp.cuda.Event(enable_timing=True) for _ in range(2))
        start.record(); copy(); end.record(); end.synchronize()
        return start.elapsed_time(end) / 1000
    a = xp.ones(256 * 1024**2, dtype=xp.float32, device="cuda")
b = xp.empty_like(a)
b[...] = a
best = min(timed(lambda: b.__setitem__(Ellipsis, a)) for _ in range(20))
print(2 * a.nbytes / best)
""",
}


def independent(device: str, runs: int = 3) -> float:
    """The median of `runs` fresh processes' best copy rate, in bytes per second."""
    rates = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", INDEPENDENT[device]],
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        rates.append(float(done.stdout.split()[-1]))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    parser.add_argument("drills", nargs="*", default=list(DEFAULT_DRILLS))
    options = parser.parse_args()
    device = options.device
    print(f"## Bandwidth on {device}: vecdrill's figure against an independent one\n")
    log(f"independent copy on {device}, before")
    before = independent(device)
    print(f"Independent copy before the checks: {units.si(before, 'B/s')}.\n")
    print("| drill | bound | least work a call | solution a call | achieved", end="")
    print(" | of this machine's limit | speedup |")
    print("|---|---|---:|---:|---:|---|---:|", flush=True)
    copies = []
    with tempfile.TemporaryDirectory() as home:  # a fresh cache: vecdrill measures its ceilings anew
        env = {"VECDRILL_HOME": home, "VECDRILL_CACHE_DIR": f"{home}/cache"}
        for drill in options.drills:
            log(f"vecdrill check {drill}")
            extra = ["--device", device] if device != "cpu" else []
            (result,) = check_json([str(DRILLS / drill / "solution.py")], env, *extra)
            row, copy = _row(result, device)
            copies += [copy] if copy else []
            print(row, flush=True)
    log(f"independent copy on {device}, after")
    after = independent(device)
    copy = copies[0] if copies else None  # measured once, so every memory-bound row has it
    print("\n| copy rate measured by | bytes read + written per second |")
    print("|---|---:|")
    print(f"| independent, before (NumPy or CuPy copy, fresh processes) | {units.si(before, 'B/s')} |")
    print(f"| vecdrill's ceiling (its trusted child) | {units.si(copy, 'B/s') if copy else '-'} |")
    print(f"| independent, after | {units.si(after, 'B/s')} |")
    if copy:
        print(f"\nvecdrill / mean of independent: **{copy / ((before + after) / 2):.2f}**")
    print(f"\n{load_note()}")


def _row(result: dict[str, Any], device: str) -> tuple[str, float | None]:
    """The drill's table row, and the copy ceiling it was set against (memory-bound drills)."""
    timing = next((d["timing"] for d in result["devices"] if d["device"] == device), None)
    figure = (timing or {}).get("efficiency")
    if not timing or not figure:
        return f"| {result['drill']} | {result['verdict']}: no figure | | | | | |", None
    unit = "B" if figure["bound"] == "memory" else "FLOP"
    row = (
        f"| {result['drill']} | {figure['bound']} | {units.si(figure['work'], unit)} | "
        f"{units.seconds(timing['solution_seconds'])} | {units.si(figure['rate'], unit + '/s')} | "
        f"**{units.percent(figure['fraction'])}** of {units.si(figure['ceiling'], unit + '/s')} "
        f"({figure['ceiling_source']}){', launch-bound' if figure['launch_bound'] else ''} | "
        f"{speedup(timing['speedup'])} |"
    )
    return row, figure["ceiling"] if figure["bound"] == "memory" else None


if __name__ == "__main__":
    main()
