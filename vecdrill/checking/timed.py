"""Judge the timed calls, then hand their samples to `vecdrill.measure` for the speedup.

The solution's answer at the benchmark size is re-checked after timing, and a solution that hands
back memory it already returned is rejected, so caching answers between calls cannot buy speed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from vecdrill import wire
from vecdrill.checking import devices
from vecdrill.checking.compare import Answers, Tolerance, answer_of, compare_answers, tolerance
from vecdrill.checking.expected import Piece
from vecdrill.content.drill import Drill, Size
from vecdrill.measure import efficiency, ladder, speedup
from vecdrill.measure.efficiency import Ceilings
from vecdrill.measure.samples import Samples
from vecdrill.messages import Message, message
from vecdrill.result import units
from vecdrill.result.model import DeviceResult, Efficiency, Mismatch, ScalingPoint, Timing, Verdict

_OPS_UNITS = {"aten": "torch operations", "calls": "Python-level calls"}


def judge_timing(
    judged: list[DeviceResult],
    drill: Drill,
    answers: Answers,
    *,
    ops_size: Size,
    ceilings: Mapping[str, Ceilings],
) -> list[DeviceResult]:
    """Each device with its timing (and its efficiency, where the device's ceilings are known) and
    scaling ladder; or, where the timed calls cannot be trusted, that device turned WRONG (and the
    rest as they were). Each device's answer is re-checked with its own tolerance."""
    header, pieces = answers.header, answers.pieces
    spent: dict[str, float] = {}
    timings: dict[str, Timing] = {}
    ladders: dict[str, list[ScalingPoint]] = {}
    for index, record in enumerate(header.bench):
        device = record["device"]
        loop = pieces[record["name"]]
        spent[device] = (
            spent.get(device, 0.0)
            + record["wall_seconds"]
            + (0.0 if loop.cached else loop.header["wall_seconds"])
        )
        problem = _cheated(device, record, loop, answers.tensors, index, tolerance(drill, device))
        if problem is not None:
            said, changed = problem
            return [
                replace(d, verdict=Verdict.WRONG, message=said, mismatch=changed) if d.device == device else d
                for d in judged
            ]
        loop_samples, samples = _samples(loop.header), _samples(record)
        if "outputs" in record:
            timing = speedup.summarize(
                loop_samples, samples, size=record["size"], threads=header.threads, loop_cached=loop.cached
            )
            figure = (
                _efficiency(drill, loop, device, timing, ceilings[device]) if device in ceilings else None
            )
            timings[device] = replace(timing, efficiency=figure)
        else:
            ladders.setdefault(device, []).append(
                ladder.point(record["size"], loop_samples.quietest, samples.quietest)
            )
    work = _op_counts(drill.library, header, pieces, ops_size)
    return [
        _timed(
            device,
            replace(timings[device.device], measure_seconds=spent[device.device], **work),
            ladders.get(device.device, []),
        )
        if device.device in timings
        else device
        for device in judged
    ]


def _timed(device: DeviceResult, timing: Timing, steps: list[ScalingPoint]) -> DeviceResult:
    """The device with its timing, and its ladder closed with the benchmark size and its crossover."""
    if not steps:
        return replace(device, timing=timing)
    scaling = (*steps, ladder.point(timing.size, timing.loop_seconds, timing.solution_seconds))
    return replace(device, timing=timing, scaling=scaling, crossover=ladder.crossover(list(scaling)))


def _efficiency(
    drill: Drill, loop: Piece, device: str, timing: Timing, ceilings: Ceilings
) -> Efficiency | None:
    """The solution's efficiency on `device`: the drill's stated least work at the benchmark size,
    else the bytes of the inputs and of the loop's output there (the reference child measured
    them), over the solution's quietest time per call."""
    spec = drill.efficiency
    work = spec.work_at(timing.size)
    if work is None:
        work = float(loop.header.get("bytes", 0))
    floats = [spec.dtype for spec in drill.inputs if spec.dtype in efficiency.DTYPES]
    return efficiency.figure(
        spec.bound,
        work,
        timing.solution_seconds,
        ceilings,
        device=device,
        dtype=floats[0] if floats else None,
    )


def _samples(record: dict[str, Any]) -> Samples:
    return Samples(record["seconds"], int(record.get("repeats", len(record["seconds"]))))


def _cheated(
    device: str,
    record: dict[str, Any],
    loop: Piece,
    tensors: dict[str, Any],
    index: int,
    tol: Tolerance,
) -> tuple[Message, Mismatch | None] | None:
    """Why the timed calls cannot be trusted, if they cannot, and the answer that changed."""
    at = units.size(record["size"])
    if record.get("reused"):
        return devices.on_device(device, message("verdict", "reused_answer", size=at)), None
    if "outputs" not in record:
        return None
    recheck = compare_answers(
        answer_of(loop.header["outputs"], loop.tensors, "bench/out"),
        answer_of(record["outputs"], tensors, f"bench{index}/out"),
        tol,
    )
    if recheck is None:
        return None
    recheck = replace(recheck, size=dict(record["size"]), case=message("case", "after_timing"))
    where = "[" + ", ".join(map(str, recheck.index)) + "]" if recheck.index else ""
    values = (
        message("mismatch", "state_values", expected=recheck.expected, got=recheck.got)
        if recheck.expected is not None
        else ""
    )
    what = message("mismatch", f"what_{recheck.what}")
    difference = message(
        "mismatch",
        "state_difference",
        what=what,
        output=message("mismatch", "indexed", output=recheck.output, at=where),
        values=values,
    )
    return devices.on_device(
        device, message("verdict", "kept_state", size=at, difference=difference)
    ), recheck


def _op_counts(
    library: str, header: wire.ResultHeader, pieces: dict[str, Piece], ops_size: Size
) -> dict[str, Any]:
    """The work both sides dispatch at the small probe size: deterministic, unlike times."""
    key = "aten" if library == "torch" else "calls"
    yours = header.counts.get(key)
    counts = pieces.get("counts")
    loop = counts.header.get("loop_counts", {}).get(key) if counts else None
    if not (yours and loop and counts):
        return {}
    lines = counts.header.get("loop_counts", {}).get("lines")
    return {
        "solution_ops": int(yours[0]),
        "loop_ops": int(loop[0]),
        "ops_size": dict(ops_size),
        "ops_unit": _OPS_UNITS[key],
        "loop_lines": int(lines[0]) if lines else None,
    }
