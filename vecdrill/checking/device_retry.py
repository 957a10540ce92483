"""One device failing never loses the other's verdict.

CPU and CUDA cases share one sandboxed child, so a child that dies while CUDA starts (a driver
crash), or that stops on a CUDA case, takes the CPU's verdict with it; and a loop that cannot run on
CUDA in the reference child leaves no answers to compare. In each of those cases the pipeline checks
again on the CPU alone (`lost_device` says when) and `merge` puts the two together: the CPU verdict,
plus either a note that CUDA could not be checked (vecdrill's environment, never the learner's
fault) or the CUDA failure as that device's own verdict.
"""

from __future__ import annotations

from dataclasses import replace

from vecdrill.checking import devices
from vecdrill.checking.expected import ended_how
from vecdrill.checking.verdicts import Attempt
from vecdrill.errors import VecdrillError
from vecdrill.messages import Message, message
from vecdrill.result.model import DeviceResult, FileResult, Verdict


def lost_device(attempt: Attempt, targets: list[str]) -> str | None:
    """The device other than the CPU whose failure took every verdict with it, when a check on
    the CPU alone would give one; else None."""
    others = [device for device in targets if device != "cpu"]
    if "cpu" not in targets or not others:
        return None
    result = attempt.result
    if attempt.reference_error is not None or not attempt.run.started_up:
        return others[0]
    if result is None or result.devices:
        return None
    if result.verdict is Verdict.CRASH:  # no frame, so no telling which device it was on
        return others[0]
    return attempt.failed_on if attempt.failed_on in others else None


def merge(first: Attempt, on_cpu: FileResult, device: str) -> FileResult:
    """The CPU-only check's verdict, told what became of `device` in the first attempt: a note
    that it could not be checked, or its failure as that device's own verdict (and the file's,
    where the CPU passed)."""
    run = first.run
    if first.result is not None and on_cpu.verdict is Verdict.CRASH:
        return first.result  # it crashes (or dies starting) on the CPU alone too: not the device's doing
    if run.startup_timed_out:
        why = message("note", "still_starting", device=device, seconds=f"{run.startup_seconds:.0f}")
    elif not run.started_up:
        why = message("note", "died_starting", ended=ended_how(run), device=device)
    elif first.reference_error is not None:
        why = message("note", "loop_failed", error=_first_line(first.reference_error))
    else:
        why = None
    if why is not None:
        return replace(on_cpu, notes=(*on_cpu.notes, message("note", "lost_device", device=device, why=why)))
    assert first.result is not None
    failed = first.result
    said = devices.on_device(device, failed.message)
    judged = replace(on_cpu, devices=(*on_cpu.devices, DeviceResult(device, failed.verdict, said)))
    if not on_cpu.verdict.passed:
        return judged
    return replace(
        judged,
        verdict=failed.verdict,
        message=said,
        traceback=failed.traceback,
        stdout=failed.stdout,
        stderr=failed.stderr,
    )


def _first_line(error: VecdrillError) -> Message | str:
    """The loop's failure: vecdrill's own sentence, or the first line of an author's (a DrillError)."""
    said = error.said
    return said if isinstance(said, Message) else said.strip().splitlines()[0][:300]
