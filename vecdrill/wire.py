"""Every message between vecdrill and its child processes, and the contract a child starts under.

One framing carries them all: a length-prefixed header and a length-prefixed payload (`pack`,
and `send`/`receive` on a pipe with a deadline). Headers are typed messages (frozen dataclasses)
written as versioned JSON, so a header of another version is a ProtocolError. The worker's result
is a frame that starts with `MAGIC` and carries its tensors as a table of names, element types and
shapes with their raw bytes (`encode`), so a forged payload can carry data but never code.

This module is imported inside the child, so it imports only the standard library at module level.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import enum
import functools
import json
import os
import select
import struct
import time
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import torch

# The child contract: how a child finds its channels, box and guards, and how its processes are known.
REQUEST_FD_ENV = "VECDRILL_REQUEST_FD"
RESULT_FD_ENV = "VECDRILL_RESULT_FD"
READY_FD_ENV = "VECDRILL_READY_FD"  # set when the sandbox gives start-up its own clock
BOX_ENV = "VECDRILL_BOX"
LAYER_ENV = "VECDRILL_SANDBOX_LAYER"
SECCOMP_ENV = "VECDRILL_SECCOMP"  # "1": the parent promised seccomp, so failing to load is an error

MARKER_ENV = "VECDRILL_RUN"  # tags every process of one run, so setsid() escapees are found
REQUEST_FD = 3  # the request (a zygote: its control messages in)
RESULT_FD = 4  # the result frame (a zygote: its control messages out)
READY_FD = 5  # one byte when start-up is over
# Each probe size's call runs this many times between marks, and its CPU time is the least of them
# (as `timeit` takes the best repeat): a hiccup of the machine falls in one, a loop in every one.
PROBE_REPEATS = 3
WORKER_MODULE = "vecdrill.child.worker"
ZYGOTE_MODULE = "vecdrill.child.zygote"
ENCLOSURE_MODULE = "vecdrill.child.enclosure"  # the unshare layer's launcher (see EnclosurePlan)
WORKER_ARGS = ("-m", WORKER_MODULE)

PROTOCOL_VERSION = 4  # 4: tensors travel as a table and raw bytes, not a torch.save blob
MAGIC = b"VDR1"
_LENGTH = struct.Struct(">Q")
_CHUNK = 1 << 20

Message = TypeVar("Message")


class ProtocolError(Exception):
    """A frame or a message that is not well-formed."""


def run_marker(env: Mapping[str, str]) -> bytes:
    """The `NAME=value` entry that tags every process of the run started with `env`."""
    return f"{MARKER_ENV}={env[MARKER_ENV]}".encode()


# Framing


def pack(header: bytes, payload: bytes = b"") -> bytes:
    return _LENGTH.pack(len(header)) + header + _LENGTH.pack(len(payload)) + payload


def unpack(data: bytes) -> tuple[bytes, bytes]:
    """(header, payload) of exactly one packed frame (a result frame, after its `MAGIC`)."""
    head_len, head_start = _length_at(data, 0)
    body_len, body_start = _length_at(data, head_start + head_len)
    if body_start + body_len != len(data):
        raise ProtocolError("the result frame is truncated or has trailing bytes")
    return data[head_start : head_start + head_len], data[body_start:]


def send(fd: int, header: bytes, payload: bytes = b"", deadline: float | None = None) -> None:
    """Write one packed frame; TimeoutError once `deadline` passes. Give a non-blocking `fd` with
    a deadline, so that a reader that stopped reading cannot hang the writer."""
    view = memoryview(pack(header, payload))
    while view:
        if select.select([], [fd], [], _wait(deadline))[1]:
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue


def receive(fd: int, deadline: float | None = None) -> tuple[bytes, bytes]:
    """One packed frame's (header, payload); EOFError when the other side closed, TimeoutError
    once `deadline` passes."""
    header = _read_exactly(fd, _LENGTH.unpack(_read_exactly(fd, _LENGTH.size, deadline))[0], deadline)
    payload = _read_exactly(fd, _LENGTH.unpack(_read_exactly(fd, _LENGTH.size, deadline))[0], deadline)
    return header, payload


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _length_at(data: bytes, offset: int) -> tuple[int, int]:
    end = offset + _LENGTH.size
    if len(data) < end:
        raise ProtocolError("the result frame is truncated")
    (length,) = _LENGTH.unpack(data[offset:end])
    return length, end


def _read_exactly(fd: int, count: int, deadline: float | None) -> bytes:
    data = bytearray()
    while len(data) < count:
        if not select.select([fd], [], [], _wait(deadline))[0]:
            continue
        try:
            chunk = os.read(fd, min(count - len(data), _CHUNK))
        except BlockingIOError:
            continue
        if not chunk:
            raise EOFError("the other side of the channel closed it")
        data += chunk
    return bytes(data)


def _wait(deadline: float | None) -> float | None:
    """Seconds select() may wait: None for ever; TimeoutError once the deadline has passed."""
    if deadline is None:
        return None
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the other side of the channel did not answer in time")
    return left


# Typed messages: frozen dataclasses of JSON values, bytes, enums, and other such dataclasses.


def encode_message(message: Any) -> bytes:
    return json.dumps(_fields(message)).encode()


def to_plain(value: Any) -> Any:
    """A frozen dataclass (a `Drill`, say) as JSON values, for a message field of type Any."""
    return _plain(value)


def from_plain(kind: type[Message], value: Any) -> Message:
    """`to_plain`'s inverse: ProtocolError where `value` does not fit `kind`."""
    built: Message = _build(kind, value)
    return built


def decode_message(data: bytes, kind: type[Message]) -> Message:
    try:
        fields = json.loads(data)
    except ValueError as exc:
        raise ProtocolError(f"a {kind.__name__} header is not JSON ({exc})") from None
    return _message(fields, kind)


def _fields(message: Any) -> dict[str, Any]:
    return {"version": PROTOCOL_VERSION, "kind": type(message).__name__, **_plain(message)}


def _message(fields: Any, kind: type[Message]) -> Message:
    if not isinstance(fields, dict) or fields.get("version") != PROTOCOL_VERSION:
        raise ProtocolError(f"the {kind.__name__} header has an unknown version")
    if fields.get("kind") != kind.__name__:
        raise ProtocolError(f"expected a {kind.__name__}, got {str(fields.get('kind'))[:40]!r}")
    body = {name: value for name, value in fields.items() if name not in ("version", "kind")}
    built: Message = _build(kind, body)
    return built


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _build(hint: Any, value: Any) -> Any:
    """`value`, read from JSON, as the type `hint` says; ProtocolError where it does not fit."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for arg in args:  # the first member the value fits, in the order the hint names them
            if arg is not type(None):
                with contextlib.suppress(ProtocolError):
                    return _build(arg, value)
        raise ProtocolError(f"a message field fits none of {hint}")
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, dict) or set(value) - set(_hints(hint)):
            raise ProtocolError(f"a {hint.__name__} has unexpected fields")
        try:
            return hint(**{name: _build(_hints(hint)[name], item) for name, item in value.items()})
        except TypeError as exc:
            raise ProtocolError(f"a {hint.__name__} is incomplete ({exc})") from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            raise ProtocolError(f"{str(value)[:40]!r} is no {hint.__name__}") from None
    if origin is list and isinstance(value, list):
        return [_build(args[0], item) for item in value]
    if origin is tuple and isinstance(value, list):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], item) for item in value)
        if len(args) != len(value):
            raise ProtocolError(f"a tuple of {len(args)} has {len(value)} items")
        return tuple(_build(arg, item) for arg, item in zip(args, value, strict=True))
    if hint is Path and isinstance(value, str):
        return Path(value)
    if origin is dict and isinstance(value, dict):
        return {key: _build(args[1], item) for key, item in value.items()}
    if hint is bytes and isinstance(value, str):
        return base64.b64decode(value)
    if hint is float and type(value) in (int, float):
        return value  # JSON writes 2.0 as 2.0 but a TOML integer stays one: keep what was sent
    if isinstance(hint, type) and type(value) is hint:
        return value
    raise ProtocolError(f"a message field is not {getattr(hint, '__name__', hint)}")


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def learn_types(*kinds: type) -> None:
    """Read the type hints of `kinds` and of every dataclass their fields hold, now: the warm
    zygote does it once before it forks, so that no check's grandchild pays for them again (the
    request and its drill took 10 ms of every warm check)."""
    pending: list[Any] = list(kinds)
    seen: set[Any] = set()
    while pending:
        hint = pending.pop()
        if hint in seen:
            continue
        seen.add(hint)
        if dataclasses.is_dataclass(hint) and isinstance(hint, type):
            pending.extend(_hints(hint).values())
        pending.extend(typing.get_args(hint))


# The zygote's control messages: `Ready` once it has imported torch; then, per check, the check's
# `supervisor.limits.Limits` with the worker request as payload, answered by the grandchild's
# `supervisor.supervise.ChildEnd` with its result bytes as payload.


@dataclass(frozen=True)
class Ready:
    pid: int
    own_pid_namespaces: bool  # each check gets a pid and mount namespace of its own


@dataclass(frozen=True)
class Ticket:
    """Sent before each check's order and handed back before its answer: a frame that does not
    come after this check's ticket is not this check's answer, and the zygote is replaced."""

    number: str


@dataclass(frozen=True)
class EnclosurePlan:
    """What the unshare layer's launcher (`child.enclosure`) builds before it execs the child."""

    box: str  # the child's working folder: a fresh tmpfs of `scratch_bytes`
    scratch_bytes: int
    covered: list[str]  # folders and files no solution may read
    keep_capabilities: bool = False  # the warm zygote keeps them, to build each check's namespaces


# The worker's request and result


@dataclass(frozen=True)
class CaseRequest:
    id: str
    device: str
    size: dict[str, int]
    seed: int
    noncontiguous: bool = False
    edge: str | None = None  # "<input>:<edge>": that input's values forced (`InputSpec.edges`)
    # The benchmark size: its outputs only, with no gradient pass and no copy of the inputs sent
    # back (the listed sizes check those; at this size they were most of a warm check's cost).
    outputs_only: bool = False


@dataclass(frozen=True)
class BenchRequest:
    name: str
    device: str
    size: dict[str, int]
    seed: int
    budget: float  # seconds of timed calls
    keep_output: bool = False  # send the timed call's output back, to check it too


GPU_MEMORY_BYTES = 4 * 1024**3  # the GPU memory one check may take (the card is shared)


@dataclass(frozen=True)
class HelperSource:
    """A helper drill's reference function, read from its solution.py by the (trusted) parent. The
    child builds it from these bytes and never opens a solution.py, so the box can hide every
    drill's answers alike, even where one batch checks a drill and a drill it helps."""

    function: str
    filename: str  # the helper's solution.py: its tracebacks name it
    source: bytes
    helpers: list[str] = field(default_factory=list)  # the functions of its own helpers, sent before it


@dataclass(frozen=True)
class NameUse:
    """A library name the gate let through by its spelling, and where the file first uses it: the
    solution's child resolves it before the file runs, to judge what it really is."""

    dotted: str
    line: int
    col: int


@dataclass(frozen=True)
class WorkerRequest:
    """What one worker run computes, over `REQUEST_FD`."""

    mode: str  # "solution": `source`, under the guards; "reference": the drill's loop
    drill: dict[str, Any]  # the parsed drill (`content.drill_code.given`): no child reads drill files
    code: dict[str, bytes]  # the drill's files the child runs, by name: loop.py (and solution.py)
    cases: list[CaseRequest]
    grad: bool = False
    probe: list[dict[str, int]] | None = None  # sizes to count the work at
    bench: list[BenchRequest] = field(default_factory=list)
    source: bytes = b""
    filename: str = "solution.py"
    plain_mode: bool = True  # no read-only filesystem around the box: the guard watches paths too
    hidden: list[str] = field(default_factory=list)  # plain only: what the guard refuses to read
    probe_devices: list[str] = field(default_factory=list)  # also count the work on these devices
    gpu_memory_bytes: int = GPU_MEMORY_BYTES
    helpers: list[HelperSource] = field(default_factory=list)  # each after the helpers it calls
    names: list[NameUse] = field(default_factory=list)  # to resolve before the solution runs


@dataclass(frozen=True)
class ResultHeader:
    """The result frame's header; `status` other than "ok" says why there are no outputs."""

    status: str  # ok, load_error, error, too_large, tampered, mutated (message: the inputs written)
    message: str = ""
    case: str | None = None
    traceback: str = ""
    cases: list[dict[str, Any]] = field(default_factory=list)  # per case: id, outputs, grads
    counts: dict[str, list[int]] = field(default_factory=dict)  # work per probe size
    probed: list[dict[str, Any]] = field(default_factory=list)  # per probe call: id, outputs
    probe_cpu_seconds: list[float] = field(default_factory=list)  # the reference's, per probe size
    loop_counts: dict[str, list[int]] = field(default_factory=dict)
    bench: list[dict[str, Any]] = field(default_factory=list)
    threads: int = 1
    device_counts: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # per probe_devices
    unavailable: dict[str, str] = field(default_factory=dict)  # device -> why it could not be used
    ops: dict[str, int | None] = field(default_factory=dict)  # allow-list drills: aten op -> first line
    line: int | None = None  # the line of the learner's file where it failed, where known
    said: dict[str, Any] | None = None  # a drill_error's sentence: a catalogue code and its values


def encode_request(request: WorkerRequest) -> bytes:
    return encode_message(request)


def decode_request(data: bytes) -> WorkerRequest:
    return decode_message(data, WorkerRequest)


# The element types a frame may carry, by name: a name outside it is a ProtocolError, and no
# field of a frame is ever more than a name, a shape and raw bytes.
TENSOR_DTYPES = (
    "bool",
    "uint8",
    "int8",
    "int16",
    "int32",
    "int64",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "complex64",
    "complex128",
)
_MAX_DIMS = 64


def encode(header: dict[str, Any], tensors: dict[str, torch.Tensor]) -> bytes:
    """A tensor frame: `MAGIC`, then a versioned JSON header and the tensors, packed. The tensors
    are a table (name, element type, shape) and their bytes one after another: read back with
    `frombuffer`, a hundred times faster than a `torch.save` blob read by the weights-only
    unpickler (that cost a warm check 5-10 ms of the parent's time), and with nothing to unpickle.
    A tensor of another layout (sparse) travels as its dense values."""
    import torch

    table, chunks = [], []
    for name, tensor in tensors.items():
        plain = tensor.detach().cpu()
        plain = plain if plain.layout == torch.strided else plain.to_dense()
        plain = plain.resolve_conj().resolve_neg().contiguous()
        dtype = str(plain.dtype).removeprefix("torch.")
        if dtype not in TENSOR_DTYPES:
            raise ProtocolError(f"a tensor of {dtype} cannot travel in a frame")
        table.append([name, dtype, list(plain.shape)])
        flat = plain.reshape(-1)
        if flat.stride(0) != 1:  # one element or none, expanded: "contiguous" at stride 0
            flat = flat.clone(memory_format=torch.contiguous_format)
        chunks.append(flat.view(torch.uint8).numpy().tobytes())
    tensors_part = pack(json.dumps(table).encode(), b"".join(chunks))
    return MAGIC + pack(json.dumps({"version": PROTOCOL_VERSION, **header}).encode(), tensors_part)


def decode(data: bytes) -> tuple[dict[str, Any], dict[str, torch.Tensor]]:
    if not data.startswith(MAGIC):
        raise ProtocolError("the result does not start with vecdrill's frame marker")
    head, body = unpack(data[len(MAGIC) :])
    try:
        header = json.loads(head)
    except ValueError as exc:
        raise ProtocolError(f"the result header is not JSON ({exc})") from None
    if not isinstance(header, dict) or header.get("version") != PROTOCOL_VERSION:
        raise ProtocolError("the result header has an unknown version")
    table, raw = unpack(body)
    try:
        entries = json.loads(table)
    except ValueError as exc:
        raise ProtocolError(f"the result's tensor table is not JSON ({exc})") from None
    return header, _tensors(entries, raw)


def _tensors(entries: Any, raw: bytes) -> dict[str, torch.Tensor]:
    """The tensors a table names, cut from `raw` in order; every entry is checked (name, a known
    element type, a shape of non-negative sizes) and the bytes must add up exactly."""
    import torch

    if not isinstance(entries, list):
        raise ProtocolError("the result's tensor table is not a list")
    tensors: dict[str, torch.Tensor] = {}
    offset = 0
    for entry in entries:
        if not (
            isinstance(entry, list)
            and len(entry) == 3
            and isinstance(entry[0], str)
            and entry[1] in TENSOR_DTYPES
            and isinstance(entry[2], list)
            and len(entry[2]) <= _MAX_DIMS
            and all(type(n) is int and n >= 0 for n in entry[2])
        ):
            raise ProtocolError("a tensor entry of the result is not a name, a known type and a shape")
        name, dtype_name, shape = entry
        dtype = getattr(torch, dtype_name)
        count = 1
        for n in shape:
            count *= n
        size = count * dtype.itemsize
        if offset + size > len(raw):
            raise ProtocolError("the result's tensors are truncated")
        chunk = bytearray(raw[offset : offset + size])  # writable: the parent may work on it
        flat = torch.frombuffer(chunk, dtype=torch.uint8) if size else torch.empty(0, dtype=torch.uint8)
        tensors[name] = flat.view(dtype).reshape(shape)
        offset += size
    if offset != len(raw):
        raise ProtocolError("the result's tensors have trailing bytes")
    return tensors


def encode_result(header: ResultHeader, tensors: dict[str, torch.Tensor]) -> bytes:
    fields = _fields(header)
    del fields["version"]  # `encode` writes it
    return encode(fields, tensors)


def decode_result(data: bytes) -> tuple[ResultHeader, dict[str, torch.Tensor]]:
    header, tensors = decode(data)
    return _message(header, ResultHeader), tensors
