"""Turn raw timing samples from the two children into the speedup a learner can trust."""

from __future__ import annotations

from typing import Any

from vecdrill import judge
from vecdrill.bench import Samples
from vecdrill.compare import Tolerance, compare_answers
from vecdrill.reference import Piece
from vecdrill.report import FileResult, Timing, Verdict


def timing_report(result: FileResult, drill: Any, header: dict[str, Any], tensors: dict[str, Any],
                  pieces: dict[str, Piece], tol: Tolerance) -> None:
    """Fill each device's timing; a solution whose answer changes after timing is wrong."""
    threads = int(header.get("threads", 1))
    for index, record in enumerate(header.get("bench", [])):
        device = next(d for d in result.devices if d.device == record["device"])
        loop = pieces[f"bench:{record['device']}"]
        recheck = compare_answers(
            judge.answer_of(loop.header["outputs"], loop.tensors, "bench/out"),
            judge.answer_of(record["outputs"], tensors, f"bench{index}/out"), tol)
        if recheck is not None:
            device.verdict = result.verdict = Verdict.WRONG
            device.message = result.message = (
                f"{device.device}: after timing, your solution's answer at the benchmark size "
                f"differs from the loop's ({recheck.what} of {recheck.output}); does it keep "
                "state between calls?")
            return
        device.timing = summarize(Samples(loop.header["seconds"]), Samples(record["seconds"]),
                                  size=record["size"], threads=threads, loop_cached=loop.cached)


def summarize(loop: Samples, solution: Samples, *, size: dict[str, int], threads: int,
              loop_cached: bool) -> Timing:
    """Median speedup, with a range from the quartiles of both sides."""
    return Timing(
        loop_seconds=loop.median, solution_seconds=solution.median,
        speedup=loop.median / solution.median,
        speedup_low=loop.quantile(0.25) / solution.quantile(0.75),
        speedup_high=loop.quantile(0.75) / solution.quantile(0.25),
        loop_repeats=len(loop.seconds), solution_repeats=len(solution.seconds),
        threads=threads, size=size, loop_cached=loop_cached)
