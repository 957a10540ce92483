"""Where a check's verdict is made: from how the sandboxed child ended, what it sent, and how its
answers compare with the loop's. Judging is functions from these facts to values: a verdict and its
sentence (a `Message`), each device's result, the notes, and from them the run's FileResult, which
the pipeline completes with what the run does not know (the box, the plan's notes).

In order: how the process ended (`ChildRun`: timeout, signal, output flood), whether its frame can
be read and says ok, each case's answer against the loop's (`compare`), whether its work grows with
the input size, and whether its timed calls can be trusted (`timed`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from vecdrill import wire
from vecdrill.checking import allowed_ops, devices, growth, timed
from vecdrill.checking.compare import Answers, answer_of, compare_answers, compare_case, tolerance
from vecdrill.checking.expected import Case, Piece, child_sentence, drill_problem, ended_how
from vecdrill.content.drill import Drill, Size
from vecdrill.errors import DrillError, VecdrillError
from vecdrill.measure.efficiency import Ceilings
from vecdrill.messages import Message, message
from vecdrill.result import units
from vecdrill.result.model import DeviceResult, FileResult, Mismatch, Verdict

if TYPE_CHECKING:
    from vecdrill.sandbox.ended import ChildRun

_NO_CEILINGS: Mapping[str, Ceilings] = MappingProxyType({})
MEMORY_MARKERS = (
    "MemoryError",
    "can't allocate memory",
    "_ArrayMemoryError",
    "CUDA out of memory",
    "OutOfMemoryError",
)


@dataclass(frozen=True)
class Outcome:
    verdict: Verdict
    message: Message


@dataclass(frozen=True)
class Attempt:
    """One run of the solution, judged against the loop's answers, before any retry
    (`device_retry`): the result the pipeline completes, or the loop's failure that left none."""

    run: ChildRun
    result: FileResult | None  # None when the loop's answers could not be made
    failed_on: str | None = None  # the device of the case the child stopped on, when it stopped
    reference_error: VecdrillError | None = None


def _say(code: str, **params: Any) -> Message:
    return message("verdict", code, **params)


def judge_run(
    drill: Drill,
    run: ChildRun,
    cases: list[Case],
    pieces: dict[str, Piece],
    limit: float,
    ceilings: Mapping[str, Ceilings] = _NO_CEILINGS,
    *,
    probe: list[Size],
    file: str,
) -> Attempt:
    """The verdict of the child's run of the learner's `file` (and each device's), with the
    efficiency of its timings against the machine's `ceilings` per device; `probe` is the plan's
    probe sizes, where the work is counted."""
    ended = process_outcome(run, limit)
    header = wire.ResultHeader("unread")  # until a frame is read: no traceback to show
    tensors: dict[str, Any] = {}
    if ended is None:
        assert run.result is not None
        try:
            header, tensors = wire.decode_result(run.result)
        except wire.ProtocolError as exc:
            reason = str(exc).splitlines()[0].split(" (")[0]  # torch's own text spans lines
            ended = Outcome(Verdict.CRASH, _say("unreadable_frame", reason=reason))
    if ended is None and header.status == "drill_error":  # the drill's files, as the box shows them
        raise DrillError(str(drill.folder / (header.case or "drill.toml")), drill_problem(header))
    if ended is None and (raised := header_outcome(header, file)) is not None:
        # where it raised, unless it is a starter's "write this" (NotImplementedError), true anywhere
        placed = raised.verdict in (Verdict.ERROR, Verdict.WRONG) and not header.message.startswith(
            "NotImplementedError"
        )
        clause = _case_clause(cases, header.case) if placed else None
        ended = (
            raised
            if clause is None
            else Outcome(raised.verdict, _say("with_case", message=raised.message, case=clause))
        )
    answers = Answers(header, tensors, pieces)
    ended = ended or _outside_allow_list(file, drill, answers)
    if ended is not None and ended.verdict is Verdict.MEMORY and header.cases:
        ended = _memory_beyond_the_cases(ended, drill, cases, probe, answers)
    if ended is not None:
        stopped_on = next((case.device for case in cases if case.id == header.case), None)
        result = _result(file, drill, run, ended.verdict, ended.message, traceback=header.traceback)
        return Attempt(run, result, failed_on=stopped_on)
    notes = [
        message("note", "not_checked", device=device, why=why)
        for device, why in sorted(header.unavailable.items())
    ]
    cases = _usable_cases(cases, header.unavailable)
    if any(case.device.startswith("cuda") for case in cases):
        notes.append(devices.cuda_note())
    judged = _judge_cases(cases, answers, drill)
    judged = _judge_work(judged, drill, probe, run, answers)
    reads = growth.scalar_reads(drill, header.counts)
    failed: DeviceResult | growth.Reads | None = _failure(judged)
    if failed is None and reads is not None and reads.verdict is Verdict.FORBIDDEN:
        failed = reads
    elif failed is None:
        notes += [reads.message] if reads is not None else []
        judged = timed.judge_timing(judged, drill, answers, ops_size=probe[0], ceilings=ceilings)
        failed = _failure(judged)
    if failed is not None:
        verdict, said, evidence = failed.verdict, failed.message, {}
    else:
        said = _say("pass_loop_over", dim=drill.loop_over) if drill.loop_over else _say("pass")
        verdict, evidence = Verdict.PASS, _evidence(drill, probe, judged)
    result = _result(
        file, drill, run, verdict, said, devices=tuple(judged), notes=tuple(notes), evidence=evidence
    )
    return Attempt(run, result)


def _result(
    file: str, drill: Drill, run: ChildRun, verdict: Verdict, said: Message, **found: Any
) -> FileResult:
    """The run's result: what every verdict keeps is the learner's output."""
    return FileResult(file, drill.id, verdict, said, stdout=run.stdout, stderr=run.stderr, **found)


def _evidence(drill: Drill, probe: list[Size], judged: list[DeviceResult]) -> dict[str, str]:
    """Who established each part of a pass (`FileResult.evidence`): the work is vecdrill's reading
    where the CPU time of the probe calls was read from outside the solution (`growth.hidden_work`)."""
    cpu = any(device.device == "cpu" for device in judged)
    measured_outside = cpu and not drill.loop_over and len(probe) == 2
    evidence = {"outputs": "vecdrill", "work": "vecdrill" if measured_outside else "solution"}
    if any(device.timing for device in judged):
        evidence["timing"] = "solution"
    return evidence


def _failure(judged: Sequence[DeviceResult]) -> DeviceResult | None:
    return next((device for device in judged if not device.verdict.passed), None)


def _judge_work(
    judged: list[DeviceResult], drill: Drill, probe: list[Size], run: ChildRun, answers: Answers
) -> list[DeviceResult]:
    """Each correct device's probe calls against the reference solution's, then its work: the
    first device whose probe answer differs is wrong, the first whose work grows like a loop's
    is a loop (and the devices after it are left as they were)."""
    if _failure(judged):
        return judged
    for i, device in enumerate(judged):
        mismatch = _probe_mismatch(device.device, probe, answers, drill)
        if mismatch is not None:
            wrong = replace(
                device, verdict=Verdict.WRONG, mismatch=mismatch, message=describe(mismatch, device.device)
            )
            return [*judged[:i], wrong, *judged[i + 1 :]]
    header, reference = answers.header, answers.pieces["counts"].header
    counted: list[DeviceResult] = []
    for device in judged:
        counts = header.device_counts.get(device.device, header.counts)
        if drill.loop_over:
            loop = growth.loop_over_growth(drill, probe, counts, reference["counts"])
        else:
            loop = growth.loop_growth(counts, reference["counts"])
        if loop is None and device.device == "cpu" and not drill.loop_over:
            loop = growth.hidden_work(run.marks, len(probe), reference)
        if loop is not None:
            said = loop if device.device == "cpu" else devices.on_device(device.device, loop)
            return [
                *counted,
                replace(device, verdict=Verdict.LOOP, message=said, op_counts=counts),
                *judged[len(counted) + 1 :],
            ]
        counted.append(replace(device, op_counts=counts))
    return counted


def _probe_mismatch(device: str, sizes: list[Size], answers: Answers, drill: Drill) -> Mismatch | None:
    """The first probe call whose output differs from the reference solution's there (on the
    CPU): the calls whose work is counted are checked too, so no solution can compute one way
    where it is counted and another where it is compared."""
    reference = answers.pieces["counts"]
    expected = {record["id"]: record for record in reference.header.get("probed", [])}
    for i, size in enumerate(sizes):
        got = next((r for r in answers.header.probed if r["id"] == f"probe:{device}:{i}"), None)
        want = expected.get(f"probe:cpu:{i}")
        if got is None or want is None:
            continue  # a run that stopped before its probe already has its verdict
        mismatch = compare_answers(
            answer_of(want["outputs"], reference.tensors, f"probe:cpu:{i}/out"),
            answer_of(got["outputs"], answers.tensors, f"probe:{device}:{i}/out"),
            tolerance(drill, device),
        )
        if mismatch is not None:
            which = (
                message("case", "smaller_probe")
                if i == 0
                else message("case", "larger_probe")
                if len(sizes) == 2
                else message("case", "probe_number", number=i + 1)
            )
            return replace(mismatch, size=size, case=which)
    return None


def _memory_beyond_the_cases(
    ended: Outcome, drill: Drill, cases: list[Case], probe: list[Size], answers: Answers
) -> Outcome:
    """Out of memory at the benchmark size (its case comes last on each device) or beyond every
    case (while its work was counted or it was timed): the sentence names that size and, when every
    case before it matched the loop, says the answer is correct."""
    header = answers.header
    ran = {record["id"] for record in header.cases}
    usable = [case for case in cases if case.device not in header.unavailable and case.id in ran]
    stopped_on = next((case for case in cases if case.id == header.case), None)
    before = [
        case
        for case in cases
        if case.device not in header.unavailable and (stopped_on is None or case.device == stopped_on.device)
    ]
    if any(case.id not in ran for case in before if case is not stopped_on):
        return ended
    judged = _judge_cases(usable, answers, drill)
    if not usable or _failure(judged):
        return ended
    stopped = "bench" if (header.case or "").endswith(":bench") else header.case  # the bench case
    sizes = {"bench": [drill.bench], "probe": probe}.get(stopped or "")
    if sizes is None:
        return ended
    largest = max((case.size for case in usable), key=lambda size: math.prod(size.values()))
    where = _say("bench_size") if stopped == "bench" else _say("a_probe_size")
    sizes_text = "; ".join(units.size(s) for s in sizes)
    return Outcome(
        Verdict.MEMORY, _say("memory_beyond", where=where, sizes=sizes_text, largest=units.size(largest))
    )


def _usable_cases(cases: list[Case], unavailable: dict[str, str]) -> list[Case]:
    """The cases of the devices the child could use. A device it could not (CUDA that would not
    start in the box) is vecdrill's environment problem: a note says so (`judge_run`) and the other
    devices' verdicts stand; with no device left, it is vecdrill's error, never the learner's verdict."""
    usable = [case for case in cases if case.device not in unavailable]
    if cases and not usable:
        device = cases[0].device
        raise VecdrillError(message("note", "not_checked", device=device, why=unavailable[device]))
    return usable


def _judge_cases(cases: list[Case], answers: Answers, drill: Drill) -> list[DeviceResult]:
    """One result per device: a pass, or the first case whose answer differs from the loop's."""
    pieces, records = answers.pieces, {r["id"]: r for r in answers.header.cases}
    by_device: dict[str, list[Case]] = {}
    for case in cases:
        by_device.setdefault(case.device, []).append(case)
    judged: list[DeviceResult] = []
    for device, device_cases in by_device.items():
        mismatches = (
            compare_case(case, pieces[case.id], records[case.id], answers.tensors, tolerance(drill, device))
            for case in device_cases
        )
        mismatch = next((found for found in mismatches if found is not None), None)
        if mismatch is None:
            passed = devices.on_device(device, _say("device_pass", count=len(device_cases)))
            judged.append(DeviceResult(device, Verdict.PASS, passed))
        else:
            judged.append(DeviceResult(device, Verdict.WRONG, describe(mismatch, device), mismatch=mismatch))
    return judged


def process_outcome(run: ChildRun, limit_seconds: float) -> Outcome | None:
    """A verdict from how the child ended, or None when it sent a frame worth reading."""
    if run.startup_timed_out:
        return Outcome(Verdict.TIMEOUT, _say("startup_timeout", seconds=f"{run.startup_seconds:.0f}"))
    if not run.started_up and run.result is None:
        # it never ran the learner's code: torch's import, CUDA's start or the drill's inputs
        # failed, which is vecdrill's problem on this machine
        return Outcome(Verdict.CRASH, _say("died_starting", ended=ended_how(run)))
    if run.memory_suspected and run.result is None:  # out of memory, then maybe slow to die
        return Outcome(Verdict.MEMORY, _say("killed_memory"))
    if run.timed_out:
        return Outcome(Verdict.TIMEOUT, _say("timeout", limit=limit_seconds))
    if run.cpu_limited:
        return Outcome(Verdict.TIMEOUT, _say("cpu_limit"))
    if run.output_limited:
        return Outcome(Verdict.OUTPUT_LIMIT, _say("output_limit"))
    if run.result_too_large:
        return Outcome(Verdict.OUTPUT_LIMIT, _say("result_too_large"))
    if run.result is not None:
        return None
    return Outcome(
        Verdict.CRASH, _say("killed" if run.signal is not None else "exited", ended=ended_how(run))
    )


def _outside_allow_list(file: str, drill: Drill, answers: Answers) -> Outcome | None:
    """`forbidden` when the solution ran an aten operation none of the allowed names makes."""
    ops = answers.header.ops
    if drill.allowed is None or not ops:
        return None
    counts = answers.pieces.get("counts")
    reference = counts.header.get("ops", {}) if counts is not None else {}
    said = allowed_ops.outside_message(drill, file, ops, allowed_ops.allowed_ops(drill, reference))
    return Outcome(Verdict.FORBIDDEN, said) if said else None


def header_outcome(header: wire.ResultHeader, file: str) -> Outcome | None:
    """A verdict from a frame whose status is not ok; `file` is the learner's, as they name it."""
    status, text = header.status, header.message
    if status == "ok":
        return None
    if status == "mutated":  # torch refused (or the backward pass found) a write into an input
        where = f"{file}:{header.line}" if header.line else None
        return Outcome(Verdict.WRONG, changed_input(text.split(", ") if text else [], where))
    if status == "no_function":
        return Outcome(Verdict.SYNTAX, _say("no_function", name=text))
    if status == "load_error":
        return Outcome(Verdict.ERROR, _say("load_raised", error=text))
    if status == "tampered":
        return Outcome(Verdict.LOOP, _say("counters_off", error=text))
    if status == "numerics":  # the worker names the setting (child/numerics.py)
        return Outcome(Verdict.FORBIDDEN, _say("numerics", setting=text))
    # A name the gate let through by its spelling, resolved in the child (its own sentence); a
    # result over the cap; GPU memory, naming the device and the size (sent as data).
    as_sent = {"forbidden": Verdict.FORBIDDEN, "too_large": Verdict.OUTPUT_LIMIT, "memory": Verdict.MEMORY}
    if status in as_sent:
        return Outcome(as_sent[status], child_sentence(header) or _say("as_said", text=text))
    if any(marker in text for marker in MEMORY_MARKERS):
        return Outcome(Verdict.MEMORY, _say("out_of_memory", error=text[:200]))
    if "device-side assert" in text:  # surfaces at the case's synchronize (child.worker)
        return Outcome(Verdict.ERROR, _say("device_assert", error=text))
    return Outcome(Verdict.ERROR, _say("raised", error=text))


def describe(mismatch: Mismatch, device: str) -> Message:
    """One sentence: the device, what differs, the values, and the size and seed to replay it."""
    case = "" if mismatch.size is None else replay_clause(mismatch.case, mismatch.size, mismatch.seed)
    at = "[" + ", ".join(str(i) for i in mismatch.index) + "]" if mismatch.index else ""
    values = {"expected": mismatch.expected, "got": mismatch.got, "case": case}
    if mismatch.what == "input-mutated":
        said = _say("with_case", message=changed_input([str(mismatch.output)], None), case=case)
    elif mismatch.what == "gradient":
        if mismatch.index is None:
            said = message("mismatch", "no_gradient", name=mismatch.output, case=case)
        else:
            said = message("mismatch", "gradient", name=mismatch.output, at=at, **values)
    elif mismatch.what == "value":
        output = message("mismatch", "indexed", output=mismatch.output, at=at)
        said = message("mismatch", "value", output=output, **values)
    else:  # count, kind, type, shape, dtype, device
        said = message("mismatch", mismatch.what, output=mismatch.output, **values)
    return devices.on_device(device, said)


def changed_input(names: list[str], where: str | None) -> Message:
    """The sentence for a solution that wrote into its inputs `names` (none known: one of them)
    at `where` (`file:line`), however that came to light: the values changed, or torch refused the
    write where the inputs require grad."""
    listed = ", ".join(names)
    what = _say("its_inputs" if len(names) > 1 else "its_input", names=listed) if names else _say("one_input")
    return _say("changed_input", what=what, at=_say("at_line", where=where) if where else "")


def replay_clause(label: Message | None, size: dict[str, int], seed: int | None) -> Message:
    """(an edge case: ..., size N=300; replay with --seed 1234)": where a failure happened. Without
    a seed (a probe size), every check runs that case, whatever its --seed."""
    return message(
        "mismatch",
        "in_case",
        case=message("mismatch", "case_named", label=label) if label else "",
        size=units.size(size),
        replay=message("mismatch", "every_check")
        if seed is None
        else message("mismatch", "replay_seed", seed=seed),
    )


def _case_clause(cases: list[Case], case_id: str | None) -> Message | None:
    """Where the child stopped, when it stopped on one of `cases`."""
    case = next((case for case in cases if case.id == case_id), None)
    if case is None:
        return None
    return replay_clause(case.label, case.size, case.seed if case.replay is None else case.replay)
