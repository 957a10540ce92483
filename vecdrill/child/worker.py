"""The program that runs inside a child process: `python -I -m vecdrill.child.worker`.

It reads one `wire.WorkerRequest` from fd $VECDRILL_REQUEST_FD, builds the drill's inputs, runs a
function over every case (the learner's solution in the sandbox, or the drill's loop in the
trusted reference child), and writes one result frame (see `wire`) to fd $VECDRILL_RESULT_FD. It
never sees an expected answer and imports no rich or typer. It ends with `os._exit` so that atexit
handlers and stray threads of the solution cannot hang it.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from time import perf_counter
from typing import Any

from vecdrill import wire
from vecdrill.child import counting, gpu, timer
from vecdrill.child.inputs import make_inputs
from vecdrill.content.drill import Drill, Size, load_drill
from vecdrill.content.drill_code import load_function
from vecdrill.supervisor.limits import Limits

_exit = os._exit
_OUTPUT_BYTES = Limits.result_bytes  # what the parent accepts; a bigger answer is refused here in words


class Rejected(Exception):
    """The function did something the harness reports instead of its outputs."""

    def __init__(self, status: str, message: str, case: str | None = None, tb: str = "") -> None:
        super().__init__(message)
        self.status, self.message, self.case, self.traceback = status, message, case, tb


def main() -> None:
    request_fd = int(os.environ.get(wire.REQUEST_FD_ENV, str(wire.REQUEST_FD)))
    result_fd = int(os.environ.get(wire.RESULT_FD_ENV, str(wire.RESULT_FD)))
    with os.fdopen(request_fd, "rb") as stream:
        request = wire.decode_request(stream.read())
    tensors: dict[str, Any] = {}
    try:
        header = run(request, result_fd, tensors)
    except Rejected as rejected:
        header = wire.ResultHeader(rejected.status, rejected.message, rejected.case, rejected.traceback)
        tensors = {}
    frame = wire.encode_result(header, tensors)
    sys.stdout.flush()
    sys.stderr.flush()
    wire.write_all(result_fd, frame)
    _exit(0)


def run(request: wire.WorkerRequest, result_fd: int, tensors: dict[str, Any]) -> wire.ResultHeader:
    import torch

    torch.set_num_threads(1)  # as the parent's environment says (OMP_NUM_THREADS), for honest timing
    drill = load_drill(Path(request.drill_folder))
    unavailable = _start_devices(request)  # before any input lands on a device, and before the guards
    cases = [case for case in request.cases if case.device not in unavailable]
    inputs = {
        case.id: make_inputs(
            drill, case.size, case.seed, device=case.device, noncontiguous=case.noncontiguous
        )
        for case in cases
    }
    _warm_up(drill)
    filename = request.filename
    from vecdrill.child import guard

    guard.signal_ready()  # the sandbox starts the solution's wall clock now, after start-up
    if request.mode == "solution":
        guard.install(Path.cwd(), result_fd, plain_mode=request.plain_mode)
        function = _load_learner(request.source, filename, drill.function)
    else:
        function = load_function(drill.file("loop.py"), drill.function)
        filename = str(drill.file("loop.py"))
    records = [
        _run_case(drill, function, filename, case, inputs[case.id], request.grad, tensors) for case in cases
    ]
    counts: dict[str, list[int]] = {}
    loop_counts: dict[str, list[int]] = {}
    device_counts: dict[str, dict[str, list[int]]] = {}
    if request.probe:
        subject = (
            function
            if request.mode == "solution"
            else load_function(drill.file("solution.py"), drill.function)
        )
        counts = _probe(drill, subject, filename, request.probe)
        if request.mode == "reference":  # the loop's own work, for the report (small size)
            loop_counts = _probe(drill, function, filename, request.probe[:1])
        for device in request.probe_devices:  # a solution may loop only where x.is_cuda
            if device not in unavailable:
                device_counts[device] = _probe(drill, subject, filename, request.probe, device)
    benches = [spec for spec in request.bench if spec.device not in unavailable]
    bench = [_bench(drill, function, filename, spec, tensors, i) for i, spec in enumerate(benches)]
    return wire.ResultHeader(
        "ok",
        cases=records,
        counts=counts,
        loop_counts=loop_counts,
        bench=bench,
        threads=torch.get_num_threads(),
        device_counts=device_counts,
        unavailable=unavailable,
    )


def _start_devices(request: wire.WorkerRequest) -> dict[str, str]:
    """Start CUDA when the request uses it; the devices that could not start, with why. Their
    cases are skipped and the parent says so, so the other devices' verdicts still stand."""
    used = {c.device for c in request.cases} | {b.device for b in request.bench} | {*request.probe_devices}
    gpus = sorted(device for device in used if device.startswith("cuda"))
    problem = gpu.start(request.gpu_memory_bytes) if gpus else None
    return dict.fromkeys(gpus, problem) if problem else {}


def _warm_up(drill: Drill) -> None:
    """Import what the harness needs lazily, before any guard or learner code runs."""
    import tempfile

    import torch.utils._python_dispatch

    tempfile.gettempdir()
    # One op under the dispatch counter, so its lazy imports happen before the guard is installed.
    counting.count_work(lambda: torch.ones(2) * 2, {}, torch_ops=drill.library == "torch")


def _load_learner(source: bytes, filename: str, name: str) -> Callable[..., Any]:
    namespace: dict[str, Any] = {"__name__": "solution", "__file__": filename}
    try:
        exec(compile(source, filename, "exec", dont_inherit=True), namespace)
    except BaseException as exc:  # noqa: BLE001 - any failure at import is the learner's
        raise Rejected("load_error", _describe(exc), tb=_learner_traceback(exc, filename)) from None
    function = namespace.get(name)
    if not callable(function):
        raise Rejected("load_error", f"your file defines no function {name}()")
    return function  # type: ignore[no-any-return]


def _call(
    function: Callable[..., Any], kwargs: dict[str, Any], filename: str, case: str, size: Size | None = None
) -> Any:
    try:
        return function(**kwargs)
    except counting.CountersDisabled:
        raise
    except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt included
        raise _rejected(exc, filename, case, size) from None


def _rejected(exc: BaseException, filename: str, case: str, size: Size | None) -> Rejected:
    """What the learner reads when their code raised: a GPU out-of-memory error names what it
    asked for, on which device and at which size; anything else is an error."""
    tb = _learner_traceback(exc, filename)
    asked = gpu.out_of_memory(exc)
    if asked is None:
        return Rejected("error", _describe(exc), case, tb)
    at = f" at size {', '.join(f'{k}={v}' for k, v in size.items())}" if size else ""
    message = (
        f"your solution ran out of GPU memory{at}: it asked for {asked}, beyond what one "
        "check may use (`vecdrill doctor` shows the cap); avoid huge intermediate tensors"
    )
    return Rejected("memory", message, case, tb)


def _run_case(
    drill: Drill,
    function: Callable[..., Any],
    filename: str,
    case: wire.CaseRequest,
    values: dict[str, Any],
    grad: bool,
    tensors: dict[str, Any],
) -> dict[str, Any]:
    import torch

    cid = case.id
    kwargs = {k: _clone(v) for k, v in values.items()}
    output = _call(function, kwargs, filename, cid, case.size)
    record = {"id": cid, "outputs": _store_outputs(output, f"{cid}/out", tensors, _OUTPUT_BYTES)}
    for name, value in kwargs.items():
        if isinstance(value, torch.Tensor):
            tensors[f"{cid}/in/{name}"] = value.detach().cpu()
        elif type(value).__module__ == "numpy":
            tensors[f"{cid}/in/{name}"] = torch.from_numpy(value.copy())
    if grad and drill.library == "torch" and not _mutated(values, kwargs):
        record["grads"] = _gradients(function, values, filename, cid, case.seed, tensors)
    return record


def _store_outputs(output: Any, prefix: str, tensors: dict[str, Any], limit: int) -> dict[str, Any]:
    import numpy as np
    import torch

    is_tuple = type(output) is tuple
    items = output if is_tuple else (output,)
    kinds: list[dict[str, str | None]] = []
    total = sum(int(getattr(o, "nbytes", 0)) for o in items)
    if total > limit:
        raise Rejected(
            "too_large",
            f"your solution returned {total / 2**20:.0f} MiB, more than "
            f"the {limit / 2**20:.0f} MiB vecdrill accepts",
        )
    for i, item in enumerate(items):
        if type(item) is torch.Tensor:
            kinds.append({"type": "tensor", "device": str(item.device)})
            tensors[f"{prefix}/{i}"] = item.detach().to("cpu", copy=True)
        elif type(item) is np.ndarray and item.dtype != object:
            kinds.append({"type": "ndarray", "device": "cpu"})
            tensors[f"{prefix}/{i}"] = torch.from_numpy(np.array(item, copy=True))
        else:
            kinds.append({"type": _type_name(item), "device": None})
    return {"tuple": is_tuple, "items": kinds}


def _gradients(
    function: Callable[..., Any],
    values: dict[str, Any],
    filename: str,
    cid: str,
    seed: int,
    tensors: dict[str, Any],
) -> list[str]:
    import torch

    kwargs = {
        k: (_clone(v).requires_grad_(True) if _is_float_tensor(v) else _clone(v)) for k, v in values.items()
    }
    output = _call(function, kwargs, filename, cid)
    items = output if type(output) is tuple else (output,)
    gen = torch.Generator().manual_seed(seed + 7919)
    terms = [
        (o * torch.randn(o.shape, generator=gen).to(o.device)).sum()
        for o in items
        if type(o) is torch.Tensor and o.requires_grad
    ]
    if terms:
        try:
            torch.stack(terms).sum().backward()  # type: ignore[no-untyped-call]
        except BaseException as exc:  # noqa: BLE001
            raise Rejected("error", _describe(exc), cid, _learner_traceback(exc, filename)) from None
    names = []
    for name, value in kwargs.items():
        if _is_float_tensor(value) and value.grad is not None:
            tensors[f"{cid}/grad/{name}"] = value.grad.detach().cpu()
            names.append(name)
    return names


def _probe(
    drill: Drill, function: Callable[..., Any], filename: str, sizes: list[Size], device: str = "cpu"
) -> dict[str, list[int]]:
    counts: dict[str, list[int]] = {}
    # One uncounted call first: lazy imports and first-call set-up inside torch are not work.
    _call(function, make_inputs(drill, sizes[0], 4241, device=device), filename, "probe", sizes[0])
    for size in sizes:
        kwargs = make_inputs(drill, size, 4242, device=device)
        try:
            measured = counting.count_work(function, kwargs, torch_ops=drill.library == "torch")
        except counting.CountersDisabled as exc:
            raise Rejected(
                "tampered", f"your solution switched off vecdrill's work counters ({exc})"
            ) from None
        except Rejected:
            raise
        except BaseException as exc:  # noqa: BLE001
            raise _rejected(exc, filename, "probe", size) from None
        for key, value in measured.items():
            counts.setdefault(key, []).append(value)
    return counts


def _bench(
    drill: Drill,
    function: Callable[..., Any],
    filename: str,
    spec: wire.BenchRequest,
    tensors: dict[str, Any],
    index: int,
) -> dict[str, Any]:
    import torch

    started = perf_counter()
    values = make_inputs(drill, spec.size, spec.seed, device=spec.device)
    guarded = _guarded(function, filename, "bench", spec.size)
    with torch.no_grad():
        measured = timer.time_calls(
            guarded,
            lambda: {k: _clone(v) for k, v in values.items()},
            device=spec.device,
            budget_seconds=spec.budget,
            cpu_clock=spec.device == "cpu" and torch.get_num_threads() == 1,
        )
    samples = measured.samples.thinned()
    record: dict[str, Any] = {
        "name": spec.name,
        "device": spec.device,
        "size": spec.size,
        "seconds": samples.seconds,
        "repeats": samples.repeats,
        "reused": measured.reused_output,
    }
    if spec.keep_output:
        record["outputs"] = _store_outputs(measured.output, f"bench{index}/out", tensors, 2**40)
    record["wall_seconds"] = perf_counter() - started
    return record


def _guarded(function: Callable[..., Any], filename: str, case: str, size: Size) -> Callable[..., Any]:
    return lambda **kwargs: _call(function, kwargs, filename, case, size)


def _clone(value: Any) -> Any:
    copy = getattr(value, "clone", None) or getattr(value, "copy", None)
    return copy() if callable(copy) and not isinstance(value, (int, float)) else value


def _mutated(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """A quick local look, only to skip the gradient pass; the parent judges mutation itself."""
    import torch

    def same(a: torch.Tensor, b: torch.Tensor) -> bool:
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.is_floating_point():
            return bool(((a == b) | (a.isnan() & b.isnan())).all())
        return bool(torch.equal(a, b))

    return any(isinstance(v, torch.Tensor) and not same(v, after[k]) for k, v in before.items())


def _is_float_tensor(value: Any) -> bool:
    import torch

    return isinstance(value, torch.Tensor) and value.is_floating_point()


def _type_name(value: Any) -> str:
    kind = type(value)
    return kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"


def _describe(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _learner_traceback(exc: BaseException, filename: str) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    lines = traceback.format_list(frames) + traceback.format_exception_only(type(exc), exc)
    return "".join(lines)[-4000:]


if __name__ == "__main__":
    main()
