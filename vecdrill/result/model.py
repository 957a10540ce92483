"""The versioned result of checking one file: what `--json` prints and what the renderer draws.

Plain data with no torch, built once and never changed: the parent judges the sandbox child's
answer into values and assembles the result from them. Every sentence in it is a `Message` (a code
and its values); a view, or `to_json`, renders it in the reader's language.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from typing import Any

from vecdrill.messages import Message

REPORT_VERSION = 1


class Verdict(str, enum.Enum):
    PASS = "pass"  # correct on every checked device and case, and vectorized
    LOOP = "loop"  # a Python-level loop, found statically or by the work growing with size
    FORBIDDEN = "forbidden"  # a banned call or import, or an escape hatch
    SYNTAX = "syntax"  # the file does not parse, is not a readable file, or lacks the function
    WRONG = "wrong"  # values, shape, dtype, device, gradients, return type, or mutated inputs
    ERROR = "error"  # the solution raised an exception
    TIMEOUT = "timeout"  # the wall-clock or CPU-time limit ran out
    MEMORY = "memory"  # the memory limit was hit
    CRASH = "crash"  # killed by a signal, or exited without sending a result
    OUTPUT_LIMIT = "output-limit"  # printed or returned more than the caps allow

    @property
    def passed(self) -> bool:
        return self is Verdict.PASS

    def __str__(self) -> str:
        """The plain word (`pass`), as printed in a notebook; `Verdict.PASS` says nothing to a learner."""
        return self.value


@dataclass(frozen=True)
class Finding:
    """One problem the static gate found, located in the learner's file."""

    code: str
    line: int
    col: int
    kind: str
    message: Message  # a code of the catalogue's gate sections, with its values


@dataclass(frozen=True)
class InputNear:
    """One input of the case at the first differing element, so that a wrong answer shows what
    went in there (`expected 0, got 0.7` reads differently beside `x[3] = -0.7`). An input whose
    shape broadcasts to the compared tensor's has the element at the same index (`index`; 0 along
    a broadcast axis) and up to five values along its last axis around it, from `start`; any other
    input has its shape only."""

    name: str
    shape: tuple[int, ...]
    index: tuple[int, ...] | None = None  # this input's element at the differing index; None: not aligned
    start: tuple[int, ...] | None = None  # the index of values[0]; the values run along the last axis
    values: tuple[str, ...] = ()  # formatted as `expected` and `got` are


@dataclass(frozen=True)
class Mismatch:
    """The first place where the solution's answer differs from the loop's."""

    what: str  # "value", "shape", "dtype", "device", "type", "kind", "gradient", "input-mutated", "count"
    output: str | Message  # "out", "out[1]", "out (values sorted)"; for a gradient or input: its name
    index: tuple[int, ...] | None = None
    expected: str | Message | None = None  # a value, or words ("a bool", "a tuple of 2")
    got: str | Message | None = None
    size: dict[str, int] | None = None
    seed: int | None = None  # the --seed that replays it
    case: Message | None = None  # which case: a listed size, a random one, an edge case, a probe size
    inputs: tuple[InputNear, ...] = ()  # the case's inputs at `index`, where known


@dataclass(frozen=True)
class Efficiency:
    """How close the solution came to this machine's measured limit on one device: the least
    work a call must do over its time per call, against the machine's rate for that work."""

    bound: str  # "memory": the work is bytes moved; "compute": floating-point operations
    work: float  # the least bytes (or flops) one call moves (or does) at the benchmark size
    rate: float  # work over the solution's seconds per call
    ceiling: float  # this machine's measured rate: copy bytes/s, or matmul flops/s
    fraction: float  # rate / ceiling; above 1 when the data fits in a cache
    ceiling_source: str  # "copy", "float32 matmul", "float64 matmul"
    launch_bound: bool  # on a GPU: a call takes about as long as launching its kernels
    op_seconds: float  # one tiny operation on this device, measured (a launch, on a GPU)


@dataclass(frozen=True)
class Timing:
    """Seconds per call: each side's quietest block of calls (the one the machine disturbed least)
    and median block (see measure/samples.py)."""

    loop_seconds: float
    solution_seconds: float
    speedup: float
    speedup_low: float
    speedup_high: float
    loop_median_seconds: float
    solution_median_seconds: float
    loop_repeats: int
    solution_repeats: int
    threads: int
    size: dict[str, int]
    loop_cached: bool
    loop_ops: int | None = None  # work counted at ops_size (deterministic, unlike the times)
    solution_ops: int | None = None
    ops_size: dict[str, int] | None = None
    ops_unit: str | None = None  # "torch operations" or "Python-level calls" (numpy drills)
    loop_lines: int | None = None  # numpy drills: lines of Python the loop ran at ops_size
    measure_seconds: float = 0.0  # timing work done in this check (a cached loop costs nothing)
    efficiency: Efficiency | None = None  # against the machine's measured limit (check/machine.py)


@dataclass(frozen=True)
class ScalingPoint:
    size: dict[str, int]
    loop_seconds: float
    solution_seconds: float
    speedup: float


@dataclass(frozen=True)
class DeviceResult:
    device: str
    verdict: Verdict
    message: Message
    mismatch: Mismatch | None = None
    timing: Timing | None = None
    scaling: tuple[ScalingPoint, ...] = ()
    crossover: dict[str, int] | None = None  # from this size on, the solution beats the loop
    op_counts: dict[str, list[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class FileResult:
    file: str
    drill: str | None
    verdict: Verdict
    message: Message
    findings: tuple[Finding, ...] = ()
    devices: tuple[DeviceResult, ...] = ()
    stdout: str = ""
    stderr: str = ""
    traceback: str = ""
    isolation: str | None = None
    notes: tuple[Message, ...] = ()
    seconds: float = 0.0
    # Who established each part of a pass: "vecdrill" (its own process, or a reading it took from
    # outside the solution's) or "solution" (that process's own report, which code past the gate
    # can forge): "outputs", "work" (no loop), "timing".
    evidence: dict[str, str] = field(default_factory=dict)
    source: bytes | None = field(default=None, repr=False)  # the bytes checked; not in --json

    @property
    def cpu_speedup(self) -> float | None:
        """The speedup on the CPU, where it was timed: what progress and the gradebook record."""
        return next((d.timing.speedup for d in self.devices if d.timing and d.device == "cpu"), None)


def to_json(results: list[FileResult], lang: str = "en") -> dict[str, Any]:
    """The `--json` document; the schema is documented in the README. Sentences are rendered in
    `lang`, each beside its code and values (`message_code`, `message_params`), so a program
    reads the code and a person the words."""
    return {"version": REPORT_VERSION, "results": [_file_json(r, lang) for r in results]}


def _file_json(result: FileResult, lang: str) -> dict[str, Any]:
    data = asdict(result)
    del data["source"]  # the learner's own file; the report shows it beside the reference
    data["verdict"] = result.verdict.value
    data.update(_message_json(result.message, lang))
    data["findings"] = [{**asdict(f), **_message_json(f.message, lang)} for f in result.findings]
    data["notes"] = [note.text(lang) for note in result.notes]
    data["note_codes"] = [note.to_json() for note in result.notes]
    data["devices"] = [_device_json(d, lang) for d in result.devices]
    return data


def _device_json(device: DeviceResult, lang: str) -> dict[str, Any]:
    data = asdict(device)
    data["verdict"] = device.verdict.value
    data.update(_message_json(device.message, lang))
    if device.mismatch is not None:  # its words (a case, a kind, a label) in `lang`
        for key, value in vars(device.mismatch).items():
            if isinstance(value, Message):
                data["mismatch"][key] = value.text(lang)
    for figure in ("loop_seconds", "solution_seconds", "speedup"):  # the timing's headline, on top
        data[figure] = getattr(device.timing, figure) if device.timing else None
    return data


def _message_json(message: Message, lang: str) -> dict[str, Any]:
    """`message` rendered, with `message_code` and `message_params` beside it."""
    coded = message.to_json()
    return {"message": message.text(lang), "message_code": coded["code"], "message_params": coded["params"]}
