"""How much the speedup vecdrill reports moves between runs: `vecdrill check` on a drill's
reference solution 5 times (after one run that fills the loop cache, as a learner's first check
does), then the median and the largest distance from it. Goal: every run within +-25%.

With --fresh-cache every run re-times the loop too, so the spread covers both sides.

    python benchmarks/speedup_spread.py [--runs 5] [--fresh-cache] [DRILL ...] > spread.md
"""

from __future__ import annotations

import argparse
import statistics
import tempfile

from common import DRILLS, check_json, cpu_timing, load_note, log, speedup

DEFAULT_DRILLS = ("relu-where", "gather-logits", "cross-entropy", "matmul-loops",
                  "standardize-columns")
GOAL = 0.25


def speedups(drill: str, runs: int, fresh_cache: bool) -> list[float]:
    solution = str(DRILLS / drill / "solution.py")
    values = []
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
            log(f"  {drill} run {run + 1}/{runs}: {speedup(values[-1])} "
                f"(range {speedup(timing['speedup_low'])}-{speedup(timing['speedup_high'])})")
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("drills", nargs="*", default=list(DEFAULT_DRILLS))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--fresh-cache", action="store_true")
    args = parser.parse_args()
    loop = "re-timed every run" if args.fresh_cache else "timed once, cached"
    print(f"| drill | {args.runs} runs (loop {loop}) | median | min-max | largest distance "
          f"from the median | goal +-{GOAL:.0%} |")
    print("|---|---|---:|---:|---:|---|")
    for drill in args.drills:
        values = speedups(drill, args.runs, args.fresh_cache)
        median = statistics.median(values)
        distance = max(abs(v - median) for v in values) / median
        verdict = "met" if distance <= GOAL else "**missed**"
        print(f"| {drill} | {', '.join(speedup(v) for v in values)} | **{speedup(median)}** | "
              f"{speedup(min(values))}-{speedup(max(values))} | {distance:.0%} | {verdict} |")
    print(f"\n{load_note()}")


if __name__ == "__main__":
    main()
