"""Judge the timed calls, then hand their samples to `vecdrill.measure` for the speedup.

The solution's answer at the benchmark size is re-checked after timing, and a solution that hands
back memory it already returned is rejected, so caching answers between calls cannot buy speed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vecdrill import wire
from vecdrill.checking.compare import Tolerance, answer_of, compare_answers
from vecdrill.checking.expected import Piece
from vecdrill.content.drill import Drill, Size
from vecdrill.measure import efficiency, ladder, speedup
from vecdrill.measure.efficiency import Ceilings
from vecdrill.measure.samples import Samples
from vecdrill.result.model import DeviceResult, Efficiency, FileResult, Timing, Verdict

_OPS_UNITS = {"aten": "torch operations", "calls": "Python-level calls"}


def judge_timing(
    result: FileResult,
    drill: Drill,
    header: wire.ResultHeader,
    tensors: dict[str, Any],
    pieces: dict[str, Piece],
    tolerances: dict[str, Tolerance],
    *,
    ops_size: Size,
    ceilings: Mapping[str, Ceilings],
) -> None:
    """Fill each device's timing (with its efficiency, where the device's ceilings are known) and
    scaling ladder, or turn the verdict to WRONG; each device's answer is re-checked with its own
    tolerance."""
    threads = header.threads
    spent: dict[str, float] = {}
    for index, record in enumerate(header.bench):
        device = next(d for d in result.devices if d.device == record["device"])
        loop = pieces[record["name"]]
        spent[device.device] = (
            spent.get(device.device, 0.0)
            + record["wall_seconds"]
            + (0.0 if loop.cached else loop.header["wall_seconds"])
        )
        problem = _cheated(device, record, loop, tensors, index, tolerances[device.device])
        if problem is not None:
            device.verdict = result.verdict = Verdict.WRONG
            device.message = result.message = problem
            return
        loop_samples, samples = _samples(loop.header), _samples(record)
        if "outputs" in record:
            device.timing = speedup.summarize(
                loop_samples, samples, size=record["size"], threads=threads, loop_cached=loop.cached
            )
            if device.device in ceilings:
                device.timing.efficiency = _efficiency(drill, loop, device, ceilings[device.device])
        else:
            device.scaling.append(ladder.point(record["size"], loop_samples.quietest, samples.quietest))
    for device in result.devices:
        if device.timing is not None:
            device.timing.measure_seconds = spent.get(device.device, 0.0)
            _add_op_counts(device.timing, drill.library, header, pieces, ops_size)
            _finish_ladder(device)


def _efficiency(drill: Drill, loop: Piece, device: DeviceResult, ceilings: Ceilings) -> Efficiency | None:
    """The solution's efficiency on `device`: the drill's stated least work at the benchmark size,
    else the bytes of the inputs and of the loop's output there (the reference child measured
    them), over the solution's quietest time per call."""
    assert device.timing is not None
    spec = drill.efficiency
    work = spec.work_at(device.timing.size)
    if work is None:
        work = float(loop.header.get("bytes", 0))
    floats = [spec.dtype for spec in drill.inputs if spec.dtype in efficiency.DTYPES]
    return efficiency.figure(
        spec.bound,
        work,
        device.timing.solution_seconds,
        ceilings,
        device=device.device,
        dtype=floats[0] if floats else None,
    )


def _samples(record: dict[str, Any]) -> Samples:
    return Samples(record["seconds"], int(record.get("repeats", len(record["seconds"]))))


def _cheated(
    device: DeviceResult,
    record: dict[str, Any],
    loop: Piece,
    tensors: dict[str, Any],
    index: int,
    tol: Tolerance,
) -> str | None:
    """Why the timed calls cannot be trusted, if they cannot."""
    at = ", ".join(f"{k}={v}" for k, v in record["size"].items())
    if record.get("reused"):
        return (
            f"{device.device}: while being timed at {at}, your solution returned a result it "
            "had already returned for an earlier call; compute the answer on every call "
            "instead of keeping it between calls"
        )
    if "outputs" not in record:
        return None
    recheck = compare_answers(
        answer_of(loop.header["outputs"], loop.tensors, "bench/out"),
        answer_of(record["outputs"], tensors, f"bench{index}/out"),
        tol,
    )
    if recheck is None:
        return None
    recheck.size, recheck.case = dict(record["size"]), "after its timed calls at the benchmark size"
    device.mismatch = recheck
    where = "[" + ", ".join(map(str, recheck.index)) + "]" if recheck.index else ""
    values = f": expected {recheck.expected}, got {recheck.got}" if recheck.expected is not None else ""
    return (
        f"{device.device}: after its timed calls at {at}, your solution's answer differs from the "
        f"loop's ({recheck.what} of {recheck.output}{where}{values}), though the same call matched "
        "it before timing: it keeps state between calls; compute every answer afresh"
    )


def _add_op_counts(
    timing: Timing, library: str, header: wire.ResultHeader, pieces: dict[str, Piece], ops_size: Size
) -> None:
    """The work both sides dispatch at the small probe size: deterministic, unlike times."""
    key = "aten" if library == "torch" else "calls"
    yours = header.counts.get(key)
    counts = pieces.get("counts")
    loop = counts.header.get("loop_counts", {}).get(key) if counts else None
    if yours and loop:
        timing.solution_ops, timing.loop_ops = int(yours[0]), int(loop[0])
        timing.ops_size, timing.ops_unit = dict(ops_size), _OPS_UNITS[key]
        lines = counts.header.get("loop_counts", {}).get("lines") if counts else None
        timing.loop_lines = int(lines[0]) if lines else None


def _finish_ladder(device: DeviceResult) -> None:
    """Close the ladder with the benchmark size itself and find the crossover."""
    if not device.scaling or device.timing is None:
        return
    timing = device.timing
    device.scaling.append(ladder.point(timing.size, timing.loop_seconds, timing.solution_seconds))
    device.crossover = ladder.crossover(device.scaling)
