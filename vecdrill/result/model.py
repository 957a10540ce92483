"""The versioned result of checking one file: what `--json` prints and what the renderer draws.

Plain data with no torch: the parent builds it from the sandbox child's answer and the comparison.
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from typing import Any

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
    message: str
    message_zh: str | None = None  # the Chinese view's wording, where the drill gave it (rule reasons)


@dataclass
class InputNear:
    """One input of the case at the first differing element, so that a wrong answer shows what
    went in there (`expected 0, got 0.7` reads differently beside `x[3] = -0.7`). An input whose
    shape broadcasts to the compared tensor's has the element at the same index (`index`; 0 along
    a broadcast axis) and up to five values along its last axis around it, from `start`; any other
    input has its shape only."""

    name: str
    shape: list[int]
    index: list[int] | None = None  # this input's element at the differing index; None: not aligned
    start: list[int] | None = None  # the index of values[0]; the values run along the last axis
    values: list[str] = field(default_factory=list)  # formatted as `expected` and `got` are


@dataclass
class Mismatch:
    """The first place where the solution's answer differs from the loop's."""

    what: str  # "value", "shape", "dtype", "device", "type", "kind", "gradient", "input-mutated", "count"
    output: str  # e.g. "out", "out[1]", "grad of x", "input x"
    index: list[int] | None = None
    expected: str | None = None
    got: str | None = None
    size: dict[str, int] | None = None
    seed: int | None = None  # the --seed that replays it
    case: str | None = None  # which case: "listed size 2", "random size 1", "an edge case: ..."
    inputs: list[InputNear] = field(default_factory=list)  # the case's inputs at `index`, where known


@dataclass
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


@dataclass
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


@dataclass
class ScalingPoint:
    size: dict[str, int]
    loop_seconds: float
    solution_seconds: float
    speedup: float


@dataclass
class DeviceResult:
    device: str
    verdict: Verdict
    message: str
    mismatch: Mismatch | None = None
    timing: Timing | None = None
    scaling: list[ScalingPoint] = field(default_factory=list)
    crossover: dict[str, int] | None = None  # from this size on, the solution beats the loop
    op_counts: dict[str, list[int]] = field(default_factory=dict)


@dataclass
class FileResult:
    file: str
    drill: str | None
    verdict: Verdict
    message: str
    findings: list[Finding] = field(default_factory=list)
    devices: list[DeviceResult] = field(default_factory=list)
    stdout: str = ""
    stderr: str = ""
    traceback: str = ""
    isolation: str | None = None
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    message_zh: str | None = None  # the Chinese view's wording of `message`, where vecdrill has one
    # Who established each part of a pass: "vecdrill" (its own process, or a reading it took from
    # outside the solution's) or "solution" (that process's own report, which code past the gate
    # can forge): "outputs", "work" (no loop), "timing".
    evidence: dict[str, str] = field(default_factory=dict)
    source: bytes | None = field(default=None, repr=False)  # the bytes checked; not in --json


def to_json(results: list[FileResult]) -> dict[str, Any]:
    """The `--json` document; the schema is documented in the README."""
    return {"version": REPORT_VERSION, "results": [_file_json(r) for r in results]}


def _file_json(result: FileResult) -> dict[str, Any]:
    data = asdict(result)
    del data["source"]  # the learner's own file; the report shows it beside the reference
    data["verdict"] = result.verdict.value
    data["devices"] = [_device_json(d) for d in result.devices]
    return data


def _device_json(device: DeviceResult) -> dict[str, Any]:
    data = asdict(device)
    data["verdict"] = device.verdict.value
    timing = device.timing
    data["loop_seconds"] = timing.loop_seconds if timing else None
    data["solution_seconds"] = timing.solution_seconds if timing else None
    data["speedup"] = timing.speedup if timing else None
    return data
