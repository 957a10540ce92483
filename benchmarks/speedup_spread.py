"""How much the speedup vecdrill reports moves between runs: `vecdrill check` on a drill's
reference solution 5 times (after one run that fills the loop cache, as a learner's first check
does), then the median and the largest distance from it. Goal: every run within +-25%.

With the loop cached, a run's speedup moves only with the solution's time. The speedup vecdrill
reports is that of each side's quietest block of calls (vecdrill/measure/samples.py); the table also shows
how far the speedup of the median blocks moves, which is what the machine's load does to a
typical call. Beside each vecdrill run, a control process with no vecdrill in it times the same
solution the same way (fresh input copies per call, one thread, thread CPU time, the calls in
1 s), so the table shows how much of the spread the machine itself has.

With --fresh-cache every run re-times the loop too, so the spread covers both sides.

    python benchmarks/speedup_spread.py [--runs 5] [--fresh-cache] [DRILL ...] > spread.md
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

from common import DRILLS, check_json, cpu_timing, duration, load_note, log, solution_window, speedup

from vecdrill.measure.samples import Samples

DEFAULT_DRILLS = ("relu-where", "gather-logits", "cross-entropy", "matmul-loops", "standardize-columns")
GOAL = 0.25


def speedups(drill: str, runs: int, fresh_cache: bool) -> tuple[list[float], list[float], list[float]]:
    """vecdrill's speedups, those of the median blocks, and the solution's quietest block in as
    many control processes."""
    solution = str(DRILLS / drill / "solution.py")
    values, medians, controls = [], [], []
    with tempfile.TemporaryDirectory() as home:
        env = {"VECDRILL_HOME": home, "VECDRILL_CACHE_DIR": f"{home}/cache"}
        if not fresh_cache:
            check_json([solution], env)
        for run in range(runs):
            if fresh_cache:
                env["VECDRILL_CACHE_DIR"] = f"{home}/cache{run}"
            result = check_json([solution], env)[0]
            timing = cpu_timing(result)
            if result["verdict"] != "pass" or timing is None:
                raise SystemExit(f"{drill}: {result['verdict']}: {result['message']}")
            values.append(float(timing["speedup"]))
            medians.append(timing["loop_median_seconds"] / timing["solution_median_seconds"])
            controls.append(control(drill))
            log(
                f"  {drill} run {run + 1}/{runs}: {speedup(values[-1])} "
                f"(range {speedup(timing['speedup_low'])}-{speedup(timing['speedup_high'])}); "
                f"control {duration(controls[-1])}"
            )
    return values, medians, controls


def control(drill: str) -> float:
    """The solution's quietest block, timed in a fresh process without vecdrill."""
    env = {**os.environ, **{v: "1" for v in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")}}
    done = subprocess.run(
        [sys.executable, __file__, "--control", drill],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=True,
    )
    return float(done.stdout)


def _distance(values: list[float]) -> float:
    median = statistics.median(values)
    return max(abs(v - median) for v in values) / median


def main() -> None:
    if sys.argv[1:2] == ["--control"]:
        calls = solution_window(sys.argv[2])(1.0)
        print(Samples.of_calls(calls).quietest)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("drills", nargs="*", default=list(DEFAULT_DRILLS))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--fresh-cache", action="store_true")
    args = parser.parse_args()
    loop = "re-timed every run" if args.fresh_cache else "timed once, cached"
    print(
        f"| drill | {args.runs} runs (loop {loop}) | median | min-max | largest distance "
        f"from the median | goal +-{GOAL:.0%} | median blocks' speedups | their largest "
        f"distance | control: solution alone, {args.runs} fresh processes | control's "
        f"largest distance |"
    )
    print("|---|---|---:|---:|---:|---|---|---:|---|---:|")
    for drill in args.drills:
        values, medians, controls = speedups(drill, args.runs, args.fresh_cache)
        median, distance = statistics.median(values), _distance(values)
        verdict = "met" if distance <= GOAL else "**missed**"
        print(
            f"| {drill} | {', '.join(speedup(v) for v in values)} | **{speedup(median)}** | "
            f"{speedup(min(values))}-{speedup(max(values))} | {distance:.0%} | {verdict} | "
            f"{', '.join(speedup(m) for m in medians)} | {_distance(medians):.0%} | "
            f"{', '.join(duration(c) for c in controls)} | {_distance(controls):.0%} |"
        )
    print(f"\n{load_note()}")


if __name__ == "__main__":
    main()
