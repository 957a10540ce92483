"""Which statistic of a solution's call times stays put while the machine's load comes and goes,
and over how long a window.

For each drill, one process times its reference solution the way vecdrill does (fresh input
copies, one thread, thread CPU time) in back-to-back windows, alternating 0.3 s and 1 s of timed
calls. Each window gives its median and fastest call, and vecdrill's quietest block (the mean
call of the least disturbed block of 8 calls or 5 ms, vecdrill/measure/samples.py). A statistic is steady
if every window's value stays within +-25% of that statistic's median over the windows, the goal
the reported speedup has over 5 runs.

    python benchmarks/timing_statistic.py [--windows 20] [DRILL ...] > timing_statistic.md
"""

from __future__ import annotations

import os

for _variable in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ[_variable] = "1"  # before numpy loads its thread pool, as in vecdrill's children

import argparse  # noqa: E402
import statistics  # noqa: E402
from collections.abc import Callable  # noqa: E402

from common import duration, load_note, log, solution_window  # noqa: E402

from vecdrill.measure.samples import Samples  # noqa: E402

DEFAULT_DRILLS = ("gather-logits", "cross-entropy", "matmul-loops", "relu-where")
WINDOWS = (0.3, 1.0)
STATISTICS: dict[str, Callable[[list[float]], float]] = {
    "median call": statistics.median,
    "fastest call": min,
    "quietest block (vecdrill)": lambda calls: Samples.of_calls(calls).quietest,
}
GOAL = 0.25


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("drills", nargs="*", default=list(DEFAULT_DRILLS))
    parser.add_argument("--windows", type=int, default=20, help="windows of each length")
    args = parser.parse_args()
    print(
        f"| drill | window | statistic | median over {args.windows} windows | largest "
        f"distance from it | windows beyond +-{GOAL:.0%} |"
    )
    print("|---|---:|---|---:|---:|---:|")
    for drill in args.drills:
        window = solution_window(drill)
        timed: dict[float, list[list[float]]] = {budget: [] for budget in WINDOWS}
        for index in range(args.windows):
            for budget in WINDOWS:
                timed[budget].append(window(budget))
            log(
                f"  {drill} {index + 1}/{args.windows}: "
                + ", ".join(
                    f"{b} s: median {duration(statistics.median(c[-1]))}, fastest {duration(min(c[-1]))}"
                    for b, c in timed.items()
                )
            )
        for budget, windows in timed.items():
            for name, statistic in STATISTICS.items():
                values = [statistic(calls) for calls in windows]
                middle = statistics.median(values)
                distances = [abs(v - middle) / middle for v in values]
                beyond = sum(d > GOAL for d in distances)
                print(
                    f"| {drill} | {budget:g} s | {name} | {duration(middle)} | "
                    f"{max(distances):.0%} | {beyond} of {len(values)} |"
                )
    print(f"\n{load_note()}")


if __name__ == "__main__":
    main()
