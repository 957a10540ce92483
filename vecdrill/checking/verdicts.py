"""Where a check's verdict is made: from how the sandboxed child ended, what it sent, and how its
answers compare with the loop's.

In order: how the process ended (`ChildRun`: timeout, signal, output flood), whether its frame can
be read and says ok, each case's answer against the loop's (`compare`), whether its work grows with
the input size, and whether its timed calls can be trusted (`timed`).
"""

from __future__ import annotations

import math
import signal
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from vecdrill import wire
from vecdrill.checking import allowed_ops, devices, growth, plan, timed
from vecdrill.checking.compare import Tolerance, answer_of, compare_answers, compare_case
from vecdrill.checking.expected import Case, Piece
from vecdrill.content.drill import Drill
from vecdrill.errors import DrillError, VecdrillError
from vecdrill.measure.efficiency import Ceilings
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
    message: str
    message_zh: str | None = None  # the Chinese view's wording, where there is one


def judge_run(
    result: FileResult,
    drill: Drill,
    run: ChildRun,
    cases: list[Case],
    pieces: dict[str, Piece],
    limit: float,
    ceilings: Mapping[str, Ceilings] = _NO_CEILINGS,
) -> str | None:
    """Set the verdict and message of `result` (and each device's) from the child's run, the
    efficiency of its timings against the machine's `ceilings` per device. When the child stopped
    on one case before any device's verdict was made, return that case's device."""
    ended = process_outcome(run, limit)
    header = wire.ResultHeader("unread")  # until a frame is read: no traceback to show
    tensors: dict[str, Any] = {}
    if ended is None:
        assert run.result is not None
        try:
            header, tensors = wire.decode_result(run.result)
        except wire.ProtocolError as exc:
            reason = str(exc).splitlines()[0].split(" (")[0]  # torch's own text spans lines
            ended = Outcome(
                Verdict.CRASH,
                f"your solution's process sent a result "
                f"vecdrill could not read ({reason}); do not write to its fds",
            )
    if ended is None and header.status == "drill_error":  # the drill's files, as the box shows them
        raise DrillError(str(drill.folder / (header.case or "drill.toml")), header.message)
    if ended is None and (raised := header_outcome(header, result.file)) is not None:
        # where it raised, unless it is a starter's "write this" (NotImplementedError), true anywhere
        placed = raised.verdict in (Verdict.ERROR, Verdict.WRONG) and not header.message.startswith(
            "NotImplementedError"
        )
        clause = _case_clause(cases, header.case) if placed else ""
        zh = raised.message_zh + clause if raised.message_zh else None
        ended = Outcome(raised.verdict, raised.message + clause, zh)
    ended = ended or _outside_allow_list(result, drill, header, pieces)
    if ended is not None and ended.verdict is Verdict.MEMORY and header.cases:
        ended = _memory_beyond_the_cases(ended, drill, cases, pieces, header, tensors)
    if ended is not None:
        result.verdict, result.message, result.message_zh = ended.verdict, ended.message, ended.message_zh
        result.traceback = header.traceback
        return next((case.device for case in cases if case.id == header.case), None)
    cases = _usable_cases(result, cases, header.unavailable)
    tolerances = {case.device: tolerance(drill, case.device) for case in cases}
    _judge_cases(result, cases, pieces, header, tensors, tolerances)
    failed = next((d for d in result.devices if d.verdict is not Verdict.PASS), None)
    if failed:
        result.verdict, result.message = failed.verdict, failed.message
        return None
    probe_sizes = plan.probe_sizes(drill)
    for device_result in result.devices:
        mismatch = _probe_mismatch(
            device_result.device, probe_sizes, header, tensors, pieces["counts"], drill
        )
        if mismatch is not None:
            device_result.verdict, device_result.mismatch = Verdict.WRONG, mismatch
            device_result.message = describe(mismatch, device_result.device)
            result.verdict, result.message = Verdict.WRONG, device_result.message
            return None
    reference = pieces["counts"].header["counts"]
    for device_result in result.devices:
        counts = header.device_counts.get(device_result.device, header.counts)
        device_result.op_counts = counts
        if drill.loop_over:
            loop = growth.loop_over_growth(drill, plan.probe_sizes(drill), counts, reference)
        else:
            loop = loop_growth(counts, reference)
        if loop is None and device_result.device == "cpu" and not drill.loop_over:
            loop = growth.hidden_work(run.marks, len(probe_sizes), pieces["counts"].header)
        if loop:
            where = "" if device_result.device == "cpu" else f"{device_result.device}: "
            device_result.verdict, device_result.message = Verdict.LOOP, where + loop
            result.verdict, result.message = Verdict.LOOP, where + loop
            return None
    reads = growth.scalar_reads(drill, header.counts)
    if reads is not None and reads.verdict is Verdict.FORBIDDEN:
        result.verdict, result.message, result.message_zh = reads.verdict, reads.message, reads.message_zh
        return None
    if reads is not None:
        result.notes.append(reads.message)
    timed.judge_timing(
        result,
        drill,
        header,
        tensors,
        pieces,
        tolerances,
        ops_size=plan.probe_sizes(drill)[0],
        ceilings=ceilings,
    )
    if result.verdict is Verdict.PASS and drill.loop_over:
        result.message = (
            f"your solution matches the loop on every case and loops over {drill.loop_over} only, "
            "vectorized over the rest"
        )
        result.message_zh = (
            f"你的解法在每个用例上都与循环一致，只在 {drill.loop_over} 上循环，其余维度都已向量化"
        )
    elif result.verdict is Verdict.PASS:
        result.message = "your solution matches the loop on every case and is vectorized"
        result.message_zh = "你的解法在每个用例上都与循环一致，并且已经向量化"
    if result.verdict is Verdict.PASS:
        cpu = any(device.device == "cpu" for device in result.devices)
        measured_outside = cpu and not drill.loop_over and len(probe_sizes) == 2  # `growth.hidden_work`
        result.evidence = {"outputs": "vecdrill", "work": "vecdrill" if measured_outside else "solution"}
        if any(device.timing for device in result.devices):
            result.evidence["timing"] = "solution"
    return None


def _probe_mismatch(
    device: str,
    sizes: list[dict[str, int]],
    header: wire.ResultHeader,
    tensors: dict[str, Any],
    reference: Piece,
    drill: Drill,
) -> Mismatch | None:
    """The first probe call whose output differs from the reference solution's there (on the
    CPU): the calls whose work is counted are checked too, so no solution can compute one way
    where it is counted and another where it is compared."""
    expected = {record["id"]: record for record in reference.header.get("probed", [])}
    for i, size in enumerate(sizes):
        got = next((r for r in header.probed if r["id"] == f"probe:{device}:{i}"), None)
        want = expected.get(f"probe:cpu:{i}")
        if got is None or want is None:
            continue  # a run that stopped before its probe already has its verdict
        mismatch = compare_answers(
            answer_of(want["outputs"], reference.tensors, f"probe:cpu:{i}/out"),
            answer_of(got["outputs"], tensors, f"probe:{device}:{i}/out"),
            tolerance(drill, device),
        )
        if mismatch is not None:
            which = "the smaller" if i == 0 else "the larger" if len(sizes) == 2 else f"probe size {i + 1},"
            mismatch.size, mismatch.case = size, f"{which} probe size, where vecdrill counts the work"
            return mismatch
    return None


def _memory_beyond_the_cases(
    ended: Outcome,
    drill: Drill,
    cases: list[Case],
    pieces: dict[str, Piece],
    header: wire.ResultHeader,
    tensors: dict[str, Any],
) -> Outcome:
    """Out of memory at the benchmark size (its case comes last on each device) or beyond every
    case (while its work was counted or it was timed): the sentence names that size and, when every
    case before it matched the loop, says the answer is correct."""
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
    scratch = FileResult("", drill.id, Verdict.PASS, "")
    _judge_cases(
        scratch, usable, pieces, header, tensors, {c.device: tolerance(drill, c.device) for c in usable}
    )
    if not usable or any(device.verdict is not Verdict.PASS for device in scratch.devices):
        return ended
    stopped = "bench" if (header.case or "").endswith(":bench") else header.case  # the bench case
    sizes = {"bench": [drill.bench], "probe": plan.probe_sizes(drill)}.get(stopped or "")
    if sizes is None:
        return ended
    where = "the benchmark size" if stopped == "bench" else "a probe size"
    largest = max((case.size for case in usable), key=lambda size: math.prod(size.values()))
    return Outcome(
        Verdict.MEMORY,
        f"your solution ran out of memory at {where} ({'; '.join(_size(s) for s in sizes)}), after "
        f"matching the loop at every checked size up to {_size(largest)}: the answer is correct, but "
        "it does not scale; avoid intermediate tensors that grow faster than the input",
    )


def _size(size: dict[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in size.items())


def tolerance(drill: Drill, device: str) -> Tolerance:
    """The drill's tolerance on `device`: its own CUDA tolerance, where it gives one, on a GPU."""
    if device.startswith("cuda"):
        return Tolerance(
            drill.cuda_rtol if drill.cuda_rtol is not None else drill.rtol,
            drill.cuda_atol if drill.cuda_atol is not None else drill.atol,
            drill.unordered,
        )
    return Tolerance(drill.rtol, drill.atol, drill.unordered)


def _usable_cases(result: FileResult, cases: list[Case], unavailable: dict[str, str]) -> list[Case]:
    """The cases of the devices the child could use. A device it could not (CUDA that would not
    start in the box) is vecdrill's environment problem: a note says so and the other devices'
    verdicts stand; with no device left, it is vecdrill's error, never the learner's verdict."""
    for device, why in sorted(unavailable.items()):
        result.notes.append(environment_problem(device, why))
    usable = [case for case in cases if case.device not in unavailable]
    if cases and not usable:
        raise VecdrillError(environment_problem(cases[0].device, unavailable[cases[0].device]))
    if any(case.device.startswith("cuda") for case in usable):
        result.notes.append(devices.cuda_note())
    return usable


def environment_problem(device: str, why: str) -> str:
    return (
        f"{device} was not checked: {why} inside vecdrill's sandbox. This is a problem with "
        "vecdrill's set-up on this machine, not with your solution; run `vecdrill doctor` to see "
        "what is missing"
    )


def _judge_cases(
    result: FileResult,
    cases: list[Case],
    pieces: dict[str, Piece],
    header: wire.ResultHeader,
    tensors: dict[str, Any],
    tolerances: dict[str, Tolerance],
) -> None:
    """One result per device: a pass, or the first case whose answer differs from the loop's."""
    records = {r["id"]: r for r in header.cases}
    by_device: dict[str, list[Case]] = {}
    for case in cases:
        by_device.setdefault(case.device, []).append(case)
    for device, device_cases in by_device.items():
        outcome = DeviceResult(
            device, Verdict.PASS, f"{device}: matches the loop on {len(device_cases)} cases"
        )
        for case in device_cases:
            mismatch = compare_case(case, pieces[case.id], records[case.id], tensors, tolerances[device])
            if mismatch:
                outcome.verdict, outcome.mismatch = Verdict.WRONG, mismatch
                outcome.message = describe(mismatch, device)
                break
        result.devices.append(outcome)


def process_outcome(run: ChildRun, limit_seconds: float) -> Outcome | None:
    """A verdict from how the child ended, or None when it sent a frame worth reading."""
    if run.startup_timed_out:
        return Outcome(
            Verdict.TIMEOUT,
            f"vecdrill's checking process was still starting after "
            f"{run.startup_seconds:.0f} s, before your code ran; the machine is "
            "probably overloaded, so try again when it is quieter",
        )
    if not run.started_up and run.result is None:
        return Outcome(Verdict.CRASH, _died_starting(run))
    if run.memory_suspected and run.result is None:  # out of memory, then maybe slow to die
        return Outcome(
            Verdict.MEMORY,
            "your solution was killed, most likely for using too much "
            "memory; avoid building huge intermediate tensors",
        )
    if run.timed_out:
        return Outcome(
            Verdict.TIMEOUT,
            f"your solution ran longer than the {limit_seconds:g} s "
            "limit; look for an endless loop or a long wait (raise it with --timeout)",
        )
    if run.cpu_limited:
        return Outcome(
            Verdict.TIMEOUT,
            "your solution used more CPU time than allowed; look for an endless loop or very heavy work",
        )
    if run.output_limited:
        return Outcome(
            Verdict.OUTPUT_LIMIT,
            "your solution printed more output than vecdrill keeps; remove the prints inside your function",
        )
    if run.result_too_large:
        return Outcome(
            Verdict.OUTPUT_LIMIT,
            "your solution returned more data than vecdrill "
            "accepts; return only the result the drill asks for",
        )
    if run.result is not None:
        return None
    if run.signal is not None:
        name = signal_name(run.signal)
        return Outcome(
            Verdict.CRASH,
            f"your solution's process was killed by {name} before it "
            "returned a result; see its error output below",
        )
    return Outcome(
        Verdict.CRASH,
        f"your solution's process ended (exit code {run.returncode}) "
        "before returning a result; do not exit or kill the process from your code",
    )


def _died_starting(run: ChildRun) -> str:
    """A child that ended before its ready signal never ran the learner's code: torch's import,
    CUDA's start or the drill's inputs failed, which is vecdrill's problem on this machine."""
    return (
        f"vecdrill's checking process {ended_how(run)} while it was starting (importing torch, starting "
        "CUDA, building the inputs), before your code ran. This is a problem with vecdrill's "
        "set-up on this machine, not with your solution; run `vecdrill doctor`, and if CUDA is "
        "the cause, `--device cpu` gives the CPU verdict meanwhile"
    )


def ended_how(run: ChildRun) -> str:
    """How a child that sent nothing ended: "was killed by SIGSEGV", "ended (exit code 1)"."""
    if run.signal is not None:
        return f"was killed by {signal_name(run.signal)}"
    return f"ended (exit code {run.returncode})"


def _outside_allow_list(
    result: FileResult, drill: Drill, header: wire.ResultHeader, pieces: dict[str, Piece]
) -> Outcome | None:
    """`forbidden` when the solution ran an aten operation none of the allowed names makes."""
    if drill.allowed is None or not header.ops:
        return None
    counts = pieces.get("counts")
    reference = counts.header.get("ops", {}) if counts is not None else {}
    message = allowed_ops.outside_message(
        drill, result.file, header.ops, allowed_ops.allowed_ops(drill, reference)
    )
    return Outcome(Verdict.FORBIDDEN, *message) if message else None


def header_outcome(header: wire.ResultHeader, file: str) -> Outcome | None:
    """A verdict from a frame whose status is not ok; `file` is the learner's, as they name it."""
    status, message = header.status, header.message
    if status == "ok":
        return None
    if status == "mutated":  # torch refused (or the backward pass found) a write into an input
        where = f"{file}:{header.line}" if header.line else None
        return Outcome(Verdict.WRONG, *changed_input(message.split(", ") if message else [], where))
    if status == "load_error":
        if message.startswith("your file defines no function"):
            return Outcome(Verdict.SYNTAX, f"{message}; keep the drill's function name")
        return Outcome(Verdict.ERROR, f"your file raised {message} while it was being loaded")
    if status == "tampered":
        return Outcome(Verdict.LOOP, f"{message}; vecdrill cannot tell whether a loop is hiding")
    if status == "forbidden":  # a name the gate let through by its spelling, resolved in the child
        return Outcome(Verdict.FORBIDDEN, message)
    if status == "too_large":
        return Outcome(Verdict.OUTPUT_LIMIT, message)
    if status == "memory":  # the worker's own sentence: GPU memory, the device and the size
        return Outcome(Verdict.MEMORY, message)
    if status == "numerics":  # the worker names the setting (child/numerics.py)
        return Outcome(
            Verdict.FORBIDDEN,
            f"your solution changed {message}: vecdrill checks and times every solution in full "
            "float32, so leave the torch.backends and torch.cuda settings as they are",
            f"你的解法修改了 {message}：vecdrill 在完整的 float32 精度下检查和计时每个解法，"
            "请不要改动 torch.backends 和 torch.cuda 的设置",
        )
    if any(marker in message for marker in MEMORY_MARKERS):
        return Outcome(
            Verdict.MEMORY,
            f"your solution ran out of memory ({message[:200]}); avoid huge intermediate tensors",
        )
    if "device-side assert" in message:  # surfaces at the case's synchronize (child.worker)
        return Outcome(
            Verdict.ERROR,
            f"your solution raised {message}: on CUDA an index out of range (an IndexError on the "
            "CPU) stops a kernel this way; check the indices your solution builds",
            f"你的解法引发了 {message}：在 CUDA 上，越界的索引（在 CPU 上是 IndexError）会这样让 "
            "kernel 停下；请检查你的解法构造的索引",
        )
    return Outcome(Verdict.ERROR, f"your solution raised {message}")


def loop_growth(solution: dict[str, list[int]], reference: dict[str, list[int]]) -> str | None:
    """A sentence when a work counter grows with the input size while the reference stays flat."""
    found = growth.grew(solution, reference, 0, 1)
    if found is None:
        return None
    return (
        f"your solution's work grows with the input size ({found.small} {found.label} at "
        f"the small probe size, {found.large} at the large one, while the reference "
        f"solution's grows by {found.reference}): a loop is still running somewhere"
        f"{growth.syncs_clause(solution, 0, 1)}"
    )


def describe(mismatch: Mismatch, device: str) -> str:
    """One sentence: the device, what differs, the values, and the size and seed to replay it."""
    replay = "" if mismatch.size is None else replay_clause(mismatch.case, mismatch.size, mismatch.seed)
    at = "[" + ", ".join(str(i) for i in mismatch.index) + "]" if mismatch.index else ""
    if mismatch.what == "input-mutated":
        text = changed_input([mismatch.output.removeprefix("input ")], None)[0]
    elif mismatch.what == "value":
        text = (
            f"result differs from the loop at {mismatch.output}{at}: expected "
            f"{mismatch.expected}, got {mismatch.got}"
        )
    elif mismatch.what == "gradient" and mismatch.index is None:
        text = (
            f"no {mismatch.output.replace('gradient of', 'gradient reaches')} from your "
            "result, while the loop's does; avoid .detach() and non-differentiable steps"
        )
    elif mismatch.what == "gradient":
        text = (
            f"the {mismatch.output} differs from the loop's at {at}: expected "
            f"{mismatch.expected}, got {mismatch.got}"
        )
    elif mismatch.what == "count":
        text = f"your solution returned {mismatch.got}, but the loop returns {mismatch.expected}"
    elif mismatch.what == "kind":  # of a number: a bool, an integer, a float
        text = f"{mismatch.output} should be {mismatch.expected}, but your solution returned {mismatch.got}"
    elif mismatch.what == "type":
        text = (
            f"{mismatch.output} should be a {mismatch.expected}, but your solution returned a {mismatch.got}"
        )
    else:
        text = (
            f"{mismatch.output} has the wrong {mismatch.what}: expected {mismatch.expected}, "
            f"got {mismatch.got}"
        )
    return f"{device}: {text}{replay}"


def changed_input(names: list[str], where: str | None) -> tuple[str, str]:
    """The sentence, in English and Chinese, for a solution that wrote into its inputs `names`
    (none known: one of them) at `where` (`file:line`), however that came to light: the values
    changed, or torch refused the write where the inputs require grad."""
    what = f"its input{'s' if len(names) > 1 else ''} {', '.join(names)}" if names else "one of its inputs"
    what_zh = f"输入 {', '.join(names)}" if names else "某个输入"
    at, at_zh = (f" at {where}", f"（{where}）") if where else ("", "")
    return (
        f"your solution changed {what} in place{at}; work on a copy or use out-of-place operations",
        f"你的解法原地修改了{what_zh}{at_zh}；请在副本上计算，或改用非原地的运算",
    )


def replay_clause(label: str | None, size: dict[str, int], seed: int | None) -> str:
    """(an edge case: ..., size N=300; replay with --seed 1234)": where a failure happened. Without
    a seed (a probe size), every check runs that case, whatever its --seed."""
    case = f"{label}, " if label else ""
    replay = "; every check runs it" if seed is None else f"; replay with --seed {seed}"
    return f" ({case}size {_size(size)}{replay})"


def _case_clause(cases: list[Case], case_id: str | None) -> str:
    """Where the child stopped, when it stopped on one of `cases`."""
    case = next((case for case in cases if case.id == case_id), None)
    if case is None:
        return ""
    return replay_clause(case.label or None, case.size, case.seed if case.replay is None else case.replay)


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
