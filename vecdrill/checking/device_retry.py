"""One device failing never loses the other's verdict.

CPU and CUDA cases share one sandboxed child, so a child that dies while CUDA starts (a driver
crash), or that stops on a CUDA case, takes the CPU's verdict with it; and a loop that cannot run on
CUDA in the reference child leaves no answers to compare. In each of those cases the pipeline checks
again on the CPU alone (`lost_device` says when) and `merge` puts the two together: the CPU verdict,
plus either a note that CUDA could not be checked (vecdrill's environment, never the learner's
fault) or the CUDA failure as that device's own verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from vecdrill.checking.verdicts import ended_how
from vecdrill.errors import VecdrillError
from vecdrill.result.model import DeviceResult, FileResult, Verdict
from vecdrill.sandbox.ended import ChildRun


@dataclass(frozen=True)
class Attempt:
    """One run of the checked child with the loop's answers beside it, before any retry."""

    run: ChildRun
    result: FileResult | None  # None when the loop's answers could not be made
    reference_error: VecdrillError | None = None
    failed_on: str | None = None  # the device of the case the child stopped on, when it stopped


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
    """The CPU-only check's result, told what became of `device` in the first attempt."""
    run = first.run
    if first.result is not None and on_cpu.verdict is Verdict.CRASH:
        return first.result  # it crashes (or dies starting) on the CPU alone too: not the device's doing
    if run.startup_timed_out:
        why = f"vecdrill's checking process was still starting {device} after {run.startup_seconds:.0f} s"
    elif not run.started_up:
        why = f"vecdrill's checking process {ended_how(run)} while it started {device}"
    elif first.reference_error is not None:
        why = f"the drill's loop could not run there ({_first_line(first.reference_error)})"
    else:
        why = None
    if why is not None:
        on_cpu.notes.append(
            f"{device} was not checked: {why}, while on the CPU alone the check runs. This is a "
            "problem with vecdrill's set-up on this machine, not with your solution: the CPU "
            "verdict stands, and `vecdrill doctor` shows what is missing"
        )
        return on_cpu
    assert first.result is not None
    failed = first.result
    message = f"{device}: {failed.message}"
    on_cpu.devices.append(DeviceResult(device, failed.verdict, message))
    if on_cpu.verdict.passed:
        zh = f"{device}: {failed.message_zh}" if failed.message_zh else None
        on_cpu.verdict, on_cpu.message, on_cpu.message_zh = failed.verdict, message, zh
        on_cpu.traceback, on_cpu.stdout, on_cpu.stderr = failed.traceback, failed.stdout, failed.stderr
    return on_cpu


def _first_line(error: VecdrillError) -> str:
    return str(error).strip().splitlines()[0][:300]
