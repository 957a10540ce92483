"""The loop's answers, computed in a trusted child and cached on disk.

The reference loop is slow by design and never changes between checks, so each piece of what it
produces (one case's outputs and gradients, the reference solution's and the loop's work counts, the
loop's timing at the benchmark size and at each `--scaling` step) is cached under a key made of the
drill's files, the case, the torch version and, for timings, the machine (for CUDA timings also the
GPU model and the driver and CUDA versions). The solution's process never sees any of it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import platform
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vecdrill import files, paths, wire
from vecdrill.checking import devices, locks
from vecdrill.content import drill_code
from vecdrill.content.drill import Drill, Size
from vecdrill.errors import DrillError, VecdrillError
from vecdrill.measure import samples
from vecdrill.messages import CATALOGUE, Message, message

if TYPE_CHECKING:
    import torch

    from vecdrill.sandbox.ended import ChildRun

_KEYED_FILES = ("drill.toml", "loop.py", "solution.py")
_KEY_FIELD = "vecdrill_cache_key"  # in each cached piece's header: the digest it was stored under
PROBE_FIELDS = ("counts", "loop_counts", "ops", "probed", "probe_cpu_seconds")  # the "counts" piece


@dataclass(frozen=True)
class Case:
    id: str
    device: str
    size: Size
    seed: int
    noncontiguous: bool = False
    edge: str | None = None  # "<input>:<edge>" (`InputSpec.edges`)
    label: Message | None = None  # which case, in the mismatch message: a listed size, an edge case, ...
    replay: int | None = None  # the check's --seed that plans this case again
    outputs_only: bool = False  # the benchmark size: no gradients (the loop's backward is slow), no inputs

    def as_request(self) -> dict[str, Any]:
        """What the child needs, which is also the case's cache key (label and replay are not)."""
        request: dict[str, Any] = {
            "id": self.id,
            "device": self.device,
            "size": self.size,
            "seed": self.seed,
            "noncontiguous": self.noncontiguous,
        }
        if self.edge is not None:
            request["edge"] = self.edge
        if self.outputs_only:
            request["outputs_only"] = True
        return request


@dataclass
class Piece:
    """One cached unit: a slice of a reference frame."""

    header: dict[str, Any]
    tensors: dict[str, torch.Tensor]
    cached: bool = False  # read from the cache, not computed by this check


# The code that turns a case into the loop's inputs, runs it, counts and times it: a change to any
# of it changes cached answers, so it is part of every key (a stale answer once failed a correct
# reference solution while the edge values were being rewritten).
ANSWER_CODE = (
    "child/inputs.py",
    "content/drill.py",
    "child/worker.py",
    "child/counting.py",
    "child/timer.py",
)


@functools.cache
def code_fingerprint() -> str:
    return digest_code(Path(__file__).parents[1])


def digest_code(folder: Path, names: tuple[str, ...] = ANSWER_CODE, length: int = 16) -> str:
    """A digest of the files `names` in `folder` (by default: the package's ANSWER_CODE)."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0")
    return digest.hexdigest()[:length]


def fingerprint(drill: Drill) -> str:
    return digest_code(drill.folder, _KEYED_FILES, 20)


def gather(
    drill: Drill,
    cases: list[Case],
    *,
    probe: list[Size] | None,
    bench: list[dict[str, Any]],
    timeout: float,
    helpers: list[wire.HelperSource],
) -> dict[str, Piece]:
    """Pieces by name: each case id, "counts", and each bench spec's name ("bench:<device>",
    "ladder:<device>:<step>"); computes what is missing. `helpers`: the drill's helper sources
    (`drill_code.helper_sources`), read once per check by its plan."""
    import torch

    base = {
        "drill": fingerprint(drill),
        "code": code_fingerprint(),
        "torch": torch.__version__,
        "grad": drill.grad,
    }
    wanted: dict[str, dict[str, Any]] = {c.id: {**base, "case": c.as_request()} for c in cases}
    if probe:  # the reference solution's work includes its helpers': their code keys it too
        helper_code = hashlib.sha256(b"\0".join(h.source for h in helpers)).hexdigest()[:20]
        wanted["counts"] = {
            **base,
            "probe": probe,
            "loop_counts": True,
            "ops": drill.allowed is not None,
            **({"helpers": helper_code} if helpers else {}),
        }
    for spec in bench:
        wanted[spec["name"]] = {
            **base,
            "bench": spec,
            "machine": machine_key(spec["device"]),
            "method": samples.METHOD,
        }
    pieces = {name: piece for name, key in wanted.items() if (piece := _load(key)) is not None}
    missing = [name for name in wanted if name not in pieces]
    if missing:
        given, code = drill_code.given(drill, answers=True)
        request = wire.WorkerRequest(
            mode="reference",
            drill=given,
            code=code,
            grad=drill.grad,
            cases=[wire.CaseRequest(**c.as_request()) for c in cases if c.id in missing],
            probe=probe if "counts" in missing else None,
            bench=[wire.BenchRequest(**s) for s in bench if s["name"] in missing],
            helpers=helpers,
        )
        header, tensors = _run_reference(drill, request, timeout)
        for name, piece in _split(header, tensors, request).items():
            _store(wanted[name], piece)
            pieces[name] = piece
    return pieces


def _split(
    header: wire.ResultHeader, tensors: dict[str, torch.Tensor], request: wire.WorkerRequest
) -> dict[str, Piece]:
    """The reference child's frame in the pieces it is cached as: each case, the probe's counts,
    each benchmark (its tensors named as any benchmark's, `bench/...`)."""
    pieces: dict[str, Piece] = {}
    for record in header.cases:
        prefix = f"{record['id']}/"
        pieces[record["id"]] = Piece(record, {k: v for k, v in tensors.items() if k.startswith(prefix)})
    if request.probe:
        probe_header = {name: getattr(header, name) for name in PROBE_FIELDS}
        pieces["counts"] = Piece(probe_header, {k: v for k, v in tensors.items() if k.startswith("probe:")})
    for i, record in enumerate(header.bench):
        prefix = f"bench{i}/"
        renamed = {k.replace(prefix, "bench/", 1): v for k, v in tensors.items() if k.startswith(prefix)}
        pieces[record["name"]] = Piece(record, renamed)
    return pieces


def _run_reference(
    drill: Drill, request: wire.WorkerRequest, timeout: float
) -> tuple[wire.ResultHeader, dict[str, torch.Tensor]]:
    from vecdrill.sandbox import launch

    timed = {spec.device for spec in request.bench}
    # As much again when it is timed on CUDA, where the loop waits for the GPU on every element (a
    # loop tuned to take a second on the CPU can take twenty there).
    on_gpu = any(device.startswith("cuda") for device in timed)
    limits = launch.Limits(
        wall_seconds=timeout * (2 if on_gpu else 1),
        data_bytes=8 * 1024**3,
        result_bytes=1024**3,
        output_kill_bytes=64 * 1024**2,
    )
    with locks.for_run({case.device for case in request.cases}, timed):
        run = launch.run_sandboxed(
            launch.RunRequest(
                wire.WORKER_ARGS, wire.encode_request(request), limits, launch.detect_isolation("plain")
            )
        )
    where = str(drill.file("loop.py"))
    if run.result is None:
        raise DrillError(where, _no_result(run, limits.wall_seconds))
    try:
        header, tensors = wire.decode_result(run.result)
    except wire.ProtocolError as exc:
        raise DrillError(where, f"the reference child sent an unreadable result: {exc}") from None
    if header.status == "drill_error":  # the child's sentence; `case` names the drill's file at fault
        raise DrillError(str(drill.file(header.case or "loop.py")), drill_problem(header))
    if header.status != "ok":
        raise DrillError(where, f"the reference loop failed: {header.message}")
    for device, why in header.unavailable.items():
        raise VecdrillError(message("errors", "reference_device", device=device, why=why))
    return header, tensors


def _no_result(run: ChildRun, timeout: float) -> str:
    """Why the reference child sent nothing, as a sentence for the drill's author."""
    if run.timed_out:
        return (
            f"the reference loop did not finish within {timeout:g} s; make sure it ends, and pick "
            "sizes (and a bench size) at which it takes seconds, not minutes"
        )
    if run.memory_suspected:
        return "the reference loop ran out of memory; pick smaller sizes or a smaller bench size"
    how = ended_how(run).text("en")
    last = run.stderr.strip().splitlines()[-1:] or ["no error output"]
    return (
        f"the reference loop's process {how} before it sent a result ({last[0][:200]}); run loop.py by hand"
    )


def digest_key(key: dict[str, Any]) -> str:
    """The name a cache key files its entry under."""
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


def _cache_file(key: dict[str, Any]) -> Path:
    return paths.cache_dir() / "reference" / f"{digest_key(key)}.vdr"


def _load(key: dict[str, Any]) -> Piece | None:
    """The cached piece, if it is the one stored under this key: a file that is damaged, empty,
    or another piece's (copied or swapped) is computed again, never believed."""
    try:
        header, tensors = wire.decode(_cache_file(key).read_bytes())
    except (OSError, wire.ProtocolError):
        return None
    if header.pop(_KEY_FIELD, None) != digest_key(key):
        return None
    return Piece(header, tensors, cached=True)


def _store(key: dict[str, Any], piece: Piece) -> None:
    """Write atomically; a cache that cannot be written only costs time later."""
    target = _cache_file(key)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        files.write_atomic(target, wire.encode({**piece.header, _KEY_FIELD: digest_key(key)}, piece.tensors))
    except OSError:
        return


def machine_key(device: str) -> dict[str, Any]:
    """What a timing depends on besides the code: the host, and on CUDA the GPU and its software."""
    machine: dict[str, Any] = {
        "node": platform.node(),
        "cpu": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
    }
    if device.startswith("cuda"):
        import torch

        found = devices.gpu()
        machine["gpu"] = None if found is None else [found.name, found.driver, found.cuda_driver]
        machine["torch_cuda"] = torch.version.cuda
    return machine


def drill_problem(header: wire.ResultHeader) -> str:
    """A `drill_error`'s sentence (English: a DrillError is one line on stderr)."""
    said = child_sentence(header)
    return said.text("en") if said else f"the child's sentence could not be read ({str(header.said)[:200]})"


def child_sentence(header: wire.ResultHeader) -> Message | None:
    """The sentence the child sent as data (a code of the catalogue's `child` section and its
    values), or None where it sent none, or what does not name and fill one of those sentences in
    both languages: the solution's child could send anything."""
    try:
        said = _sentence(header.said or {})
        said.text("en"), said.text("zh")
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return None
    return said


def _sentence(data: dict[str, Any]) -> Message:
    section, code = str(data["code"]).split(".", 1)
    if section != "child" or code not in CATALOGUE[section]:
        raise KeyError(code)
    params = {
        name: _sentence(value) if isinstance(value, dict) else value
        for name, value in dict(data["params"]).items()
    }
    return Message(section, code, params)


def ended_how(run: ChildRun) -> Message:
    """How a child that sent nothing ended: "was killed by SIGSEGV" (or `signal 64`, a number no
    name is known for), "ended (exit code 1)"."""
    if run.signal is None:
        return message("verdict", "exit_code", status=run.returncode)
    try:
        name = signal.Signals(run.signal).name
    except ValueError:
        name = f"signal {run.signal}"
    return message("verdict", "killed_by", signal=name)
