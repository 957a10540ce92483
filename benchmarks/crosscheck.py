"""vecdrill's reported speedup against an independent measurement of the same loop and solution.

The independent side runs in this process, on one thread, on the same inputs (the drill's
benchmark size and the seed vecdrill times with): torch.utils.benchmark times single calls of the
solution for 1 s, and 3 calls of the loop follow a warm-up. Like vecdrill, it takes each side's
quietest block of calls (vecdrill/measure/samples.py); the speedup of the median blocks is shown beside
it. Each drill is measured independently, then checked by vecdrill with a fresh cache, then
measured independently again, so a drift of the machine's speed shows up as a gap between the
two.

    python benchmarks/crosscheck.py [--clock cpu] [DRILL ...] > benchmarks/crosscheck.md
"""

from __future__ import annotations

import os

for _variable in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ[_variable] = "1"  # before numpy or torch load their thread pools

import argparse  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import torch  # noqa: E402
from common import DRILLS, check_json, cpu_timing, duration, load_note, log, speedup  # noqa: E402
from torch.utils.benchmark import Timer  # noqa: E402

from vecdrill.checking.plan import BENCH_SEED_OFFSET, DEFAULT_SEED  # noqa: E402
from vecdrill.child.inputs import make_inputs  # noqa: E402
from vecdrill.content.drill import Drill, load_drill  # noqa: E402
from vecdrill.content.drill_code import load_function  # noqa: E402
from vecdrill.measure.samples import Samples  # noqa: E402

DEFAULT_DRILLS = (
    "relu-where",
    "gather-logits",
    "cross-entropy",
    "matmul-loops",
    "one-hot",
    "standardize-columns",
    "pairwise-distances",
    "moving-average",
)
BENCH_SEED = DEFAULT_SEED + BENCH_SEED_OFFSET  # the seed vecdrill times with
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


def independent(drill: Drill, clock: Callable[[], float]) -> tuple[Samples, Samples]:
    """Seconds per call of the loop and of the solution, timed here with `clock`."""
    kwargs = make_inputs(drill, drill.bench, BENCH_SEED)
    loop = load_function(drill.file("loop.py"), drill.function)
    solution = load_function(drill.file("solution.py"), drill.function)
    with torch.no_grad():
        loop(**kwargs)
        loop_calls = []
        for _ in range(3):
            start = clock()
            loop(**kwargs)
            loop_calls.append(clock() - start)
        timer = Timer("f(**kw)", globals={"f": solution, "kw": kwargs}, num_threads=1, timer=clock)
        timer.timeit(1)  # warm-up
        calls: list[float] = []
        while sum(calls) < 1.0 or len(calls) < 3:
            calls.append(timer.timeit(1).raw_times[0])
    return Samples.of_calls(loop_calls), Samples.of_calls(calls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("drills", nargs="*", default=list(DEFAULT_DRILLS))
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        default="wall",
        help="cpu (this thread's CPU time) keeps a busy machine's waits out",
    )
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    torch.set_num_threads(1)
    print(
        f"Independent side timed with the {args.clock} clock; times are quietest blocks, the "
        "speedup of the median blocks in brackets.\n"
    )
    print(
        "| drill | independent before: loop / solution = speedup (median blocks) | "
        "vecdrill check | independent after | vecdrill / mean of independent |"
    )
    print("|---|---|---|---|---:|")
    for drill_id in args.drills:
        drill = load_drill(DRILLS / drill_id)
        before = independent(drill, clock)
        with tempfile.TemporaryDirectory() as home:
            env = {"VECDRILL_HOME": home, "VECDRILL_CACHE_DIR": f"{home}/cache"}
            result = check_json([str(drill.file("solution.py"))], env)[0]
        after = independent(drill, clock)
        timing = cpu_timing(result)
        if timing is None:
            raise SystemExit(f"{drill_id}: {result['verdict']}: {result['message']}")
        ours = timing["speedup"]
        reference = (before[0].quietest / before[1].quietest + after[0].quietest / after[1].quietest) / 2
        log(f"  {drill_id}: vecdrill {speedup(ours)}, independent {speedup(reference)}")
        checked = _cell(timing["loop_seconds"], timing["solution_seconds"]) + _medians(
            timing["loop_median_seconds"], timing["solution_median_seconds"]
        )
        print(
            f"| {drill_id} | {_independent_cell(*before)} | {checked} | "
            f"{_independent_cell(*after)} | **{ours / reference:.2f}** |"
        )
    print(f"\n{load_note()}")


def _cell(loop: float, solution: float) -> str:
    return f"{duration(loop)} / {duration(solution)} = {speedup(loop / solution)}"


def _medians(loop: float, solution: float) -> str:
    return f" ({speedup(loop / solution)})"


def _independent_cell(loop: Samples, solution: Samples) -> str:
    return _cell(loop.quietest, solution.quietest) + _medians(loop.median, solution.median)


if __name__ == "__main__":
    main()
