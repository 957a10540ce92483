"""Turn what the sandboxed child did into verdicts, in words a learner can act on.

Two sources: how the process ended (`ChildRun`: timeout, signal, output flood) and, when it sent a
frame, what it returned for each case, compared here against the loop's answers.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vecdrill.check.compare import Answer, Tolerance, compare_answers, compare_tensors
from vecdrill.check.expected import Case, Piece
from vecdrill.report.model import Mismatch, Verdict

if TYPE_CHECKING:
    import torch

    from vecdrill.sandbox.launch import ChildRun

# A loop is reported when a counter grows by more than this many units plus four times the
# reference solution's growth between the two probe sizes.
LOOP_SLACK = 16
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


def process_outcome(run: ChildRun, limit_seconds: float) -> Outcome | None:
    """A verdict from how the child ended, or None when it sent a frame worth reading."""
    if run.startup_timed_out:
        return Outcome(
            Verdict.TIMEOUT,
            f"vecdrill's checking process was still starting after "
            f"{run.startup_seconds:.0f} s, before your code ran; the machine is "
            "probably overloaded, so try again when it is quieter",
        )
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
        name = _signal_name(run.signal)
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


def header_outcome(header: dict[str, Any]) -> Outcome | None:
    """A verdict from a frame whose status is not ok."""
    status, message = header.get("status"), str(header.get("message", ""))
    if status == "ok":
        return None
    if status == "load_error":
        if message.startswith("your file defines no function"):
            return Outcome(Verdict.SYNTAX, f"{message}; keep the drill's function name")
        return Outcome(Verdict.ERROR, f"your file raised {message} while it was being loaded")
    if status == "tampered":
        return Outcome(Verdict.LOOP, f"{message}; vecdrill cannot tell whether a loop is hiding")
    if status == "too_large":
        return Outcome(Verdict.OUTPUT_LIMIT, message)
    if any(marker in message for marker in MEMORY_MARKERS):
        return Outcome(
            Verdict.MEMORY,
            f"your solution ran out of memory ({message[:200]}); avoid huge intermediate tensors",
        )
    return Outcome(Verdict.ERROR, f"your solution raised {message}")


def answer_of(record: dict[str, Any], tensors: dict[str, torch.Tensor], prefix: str) -> Answer:
    items = record["items"]
    return Answer(record["tuple"], items, [tensors.get(f"{prefix}/{i}") for i in range(len(items))])


def judge_case(
    case: Case,
    expected: Piece,
    got_record: dict[str, Any],
    got_tensors: dict[str, torch.Tensor],
    tol: Tolerance,
) -> Mismatch | None:
    """The first difference for one case: outputs, then inputs changed in place, then gradients."""
    mismatch = compare_answers(
        answer_of(expected.header["outputs"], expected.tensors, f"{case.id}/out"),
        answer_of(got_record["outputs"], got_tensors, f"{case.id}/out"),
        tol,
    )
    if mismatch is None:
        mismatch = _mutated_input(case, expected, got_tensors)
    if mismatch is None:
        mismatch = _gradient_mismatch(case, expected, got_record, got_tensors, tol)
    if mismatch is not None:
        mismatch.size, mismatch.seed = case.size, case.seed
    return mismatch


def _mutated_input(case: Case, expected: Piece, got: dict[str, torch.Tensor]) -> Mismatch | None:
    exact = Tolerance(rtol=0.0, atol=0.0)
    for key, original in expected.tensors.items():
        if key.startswith(f"{case.id}/in/"):
            name = key.rsplit("/", 1)[1]
            after = got.get(key)
            if after is None or compare_tensors(original, after, exact, name) is not None:
                return Mismatch("input-mutated", f"input {name}")
    return None


def _gradient_mismatch(
    case: Case, expected: Piece, got_record: dict[str, Any], got: dict[str, torch.Tensor], tol: Tolerance
) -> Mismatch | None:
    loose = Tolerance(rtol=max(tol.rtol or 0.0, 1e-4), atol=max(tol.atol or 0.0, 1e-5))
    for name in expected.header.get("grads", []):
        want = expected.tensors[f"{case.id}/grad/{name}"]
        have = got.get(f"{case.id}/grad/{name}")
        if have is None and not bool(want.any()):
            continue  # an all-zero gradient and no gradient at all mean the same here
        if have is None:
            return Mismatch(
                "gradient",
                f"gradient of {name}",
                expected="a gradient",
                got="none (the result is not connected to this input)",
            )
        mismatch = compare_tensors(want, have, loose, f"gradient of {name}", what="gradient")
        if mismatch:
            return mismatch
    return None


def loop_growth(solution: dict[str, list[int]], reference: dict[str, list[int]]) -> str | None:
    """A sentence when a work counter grows with the input size while the reference stays flat."""
    labels = {"aten": "torch operations", "calls": "Python-level calls"}
    for key in ("aten", "calls"):
        if key not in solution or key not in reference:
            continue
        small, large = solution[key]
        ref_growth = max(0, reference[key][1] - reference[key][0])
        if large - small > LOOP_SLACK + 4 * ref_growth:
            return (
                f"your solution's work grows with the input size ({small} {labels[key]} at "
                f"the small probe size, {large} at the large one, while the reference "
                f"solution's grows by {ref_growth}): a loop is still running somewhere"
            )
    return None


def describe(mismatch: Mismatch, device: str) -> str:
    """One sentence: the device, what differs, the values, and the size and seed to replay it."""
    replay = ""
    if mismatch.size is not None:
        size = ", ".join(f"{k}={v}" for k, v in mismatch.size.items())
        replay = f" (size {size}; replay with --seed {mismatch.seed})"
    at = "[" + ", ".join(str(i) for i in mismatch.index) + "]" if mismatch.index else ""
    if mismatch.what == "input-mutated":
        text = (
            f"your solution changed its {mismatch.output} in place; work on a copy or use "
            "out-of-place operations"
        )
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


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
