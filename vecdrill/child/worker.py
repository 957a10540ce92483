"""The program that runs inside a child process: `python -I -m vecdrill.child.worker`.

It reads one `wire.WorkerRequest` from fd $VECDRILL_REQUEST_FD, builds the drill's inputs, runs a
function over every case (the learner's solution in the sandbox, or the drill's loop in the
trusted reference child), and writes one result frame (see `wire`) to fd $VECDRILL_RESULT_FD. It
never sees an expected answer and imports no rich or typer. It ends with `os._exit` so that atexit
handlers and stray threads of the solution cannot hang it.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import sys
import traceback
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter, thread_time
from typing import Any

from vecdrill import wire
from vecdrill.child import counting, faults, gpu, guard, numerics, resolve, timer
from vecdrill.child.faults import Rejected
from vecdrill.child.inputs import InputError, declared_problem, fresh_copy, make_inputs
from vecdrill.content import drill_code
from vecdrill.content.drill import Drill, Size
from vecdrill.content.drill_code import LOOP, SOLUTION, load_helpers
from vecdrill.messages import message
from vecdrill.result import units
from vecdrill.supervisor.limits import Limits, undumpable

_exit = os._exit
_OUTPUT_BYTES = Limits.result_bytes  # what the parent accepts; a bigger answer is refused here in words


def main() -> None:
    undumpable()  # the reference child holds the loop's answers: no solution may read its memory
    # Start-up's longest step before the request: an early child (`launch.EarlyWorker`) takes it
    # while its check is being planned, and only then needs the request.
    import torch  # noqa: F401

    request_fd = int(os.environ.get(wire.REQUEST_FD_ENV, str(wire.REQUEST_FD)))
    result_fd = int(os.environ.get(wire.RESULT_FD_ENV, str(wire.RESULT_FD)))
    with os.fdopen(request_fd, "rb") as stream:
        request = wire.decode_request(stream.read())
    tensors: dict[str, Any] = {}
    finished: list[dict[str, Any]] = []  # the record of every case that ran to its end
    try:
        header = run(request, result_fd, tensors, finished)
    except Rejected as rejected:
        # A failure on a late case (the benchmark size) or after every case ran (probing, timing)
        # still sends the cases that ended, so the parent can say whether the answer was right
        # below the size that failed.
        header = wire.ResultHeader(
            rejected.status,
            rejected.message,
            rejected.case,
            rejected.traceback,
            cases=finished,
            line=rejected.line,
            said=rejected.said.to_json() if rejected.said is not None else None,
        )
        ids = {f"{record['id']}/" for record in finished}
        tensors = {k: v for k, v in tensors.items() if k.startswith(tuple(ids))} if ids else {}
    frame = wire.encode_result(header, tensors)
    sys.stdout.flush()
    sys.stderr.flush()
    wire.write_all(result_fd, frame)
    _exit(0)


def run(
    request: wire.WorkerRequest, result_fd: int, tensors: dict[str, Any], finished: list[dict[str, Any]]
) -> wire.ResultHeader:
    import torch

    torch.set_num_threads(1)  # as the parent's environment says (OMP_NUM_THREADS), for honest timing
    drill = drill_code.received(request.drill)
    loop = _loop_module(drill, request)
    unavailable = _start_devices(request)  # before any input lands on a device, and before the guards
    cases = [case for case in request.cases if case.device not in unavailable]
    inputs = {case.id: _inputs(drill, loop, case, request.mode == "reference") for case in cases}
    _warm_up(drill)
    watch = _op_watch(drill, request)
    helpers = _helpers(request, watch)
    filename = request.filename
    if request.mode == "solution":
        _resolve_names(request, drill, filename)

    guard.signal_ready()  # the sandbox starts the solution's wall clock now, after start-up
    if request.mode == "solution":
        guard.install(
            Path.cwd(), result_fd, plain_mode=request.plain_mode, hidden=request.hidden, learner_file=filename
        )
        function = _load_learner(request.source, filename, drill.function, helpers)
    else:
        assert loop is not None  # the reference child always has its loop
        function = _drill_function(loop, drill, LOOP)
        filename = str(drill.file(LOOP))
    settings = numerics.pinned(torch)  # again: the learner's file may have changed them at import
    checked = _checked(function, watch, request, settings)
    for case in cases:  # each record kept as its case ends: a later case that fails leaves them
        run_case = functools.partial(
            _run_case, drill, checked, filename, case, inputs[case.id], request.grad, tensors
        )
        finished.append(run_case() if request.mode == "solution" else _loop_case(drill, case.size, run_case))
    records = list(finished)
    probed = Probed()
    loop_counts: dict[str, list[int]] = {}
    device_counts: dict[str, dict[str, list[int]]] = {}
    if probe := request.probe:
        reference = request.mode == "reference"
        subject = _reference_solution(drill, request, helpers) if reference else function
        subject = counting.watched(subject, watch) if watch else subject
        counted = str(drill.file(SOLUTION)) if reference else filename
        at = message("child", "at_probe_sizes", sizes="; ".join(units.size(size) for size in probe))
        probed = faults.authors(
            request,
            SOLUTION,
            at,
            lambda: _probe(drill, loop, subject, counted, probe, tensors, marked=not reference),
        )
        if reference:  # the loop's own work, for the report (small size)
            loop_counts = faults.authors(
                request, LOOP, at, lambda: _loop_work(drill, loop, function, filename, probe[0])
            )
        for device in request.probe_devices:  # a solution may loop only where x.is_cuda
            if device not in unavailable:
                on_device = _probe(drill, loop, subject, counted, probe, tensors, device)
                device_counts[device] = on_device.counts
                probed.records.extend(on_device.records)
    benches = [spec for spec in request.bench if spec.device not in unavailable]
    bench = [
        faults.authors(
            request,
            LOOP,
            message("child", "at_bench_size", size=units.size(spec.size)),
            lambda spec=spec, i=i: _bench(drill, loop, function, filename, spec, tensors, i, settings),  # type: ignore[misc]
        )
        for i, spec in enumerate(benches)
    ]
    return wire.ResultHeader(
        "ok",
        cases=records,
        counts=probed.counts,
        probed=probed.records,
        probe_cpu_seconds=probed.cpu_seconds if request.mode == "reference" else [],
        loop_counts=loop_counts,
        bench=bench,
        threads=torch.get_num_threads(),
        device_counts=device_counts,
        unavailable=unavailable,
        ops=watch.ops if watch else {},
    )


def _resolve_names(request: wire.WorkerRequest, drill: Drill, filename: str) -> None:
    """The gate's last step (`child.resolve`), before any of the file runs."""
    try:
        resolve.check_names(request.names, drill.allowed_imports)
    except resolve.Escape as escape:
        line, col = escape.where
        said = message("child", "escaped", at=f"{filename}:{line}:{col}", problem=escape.said)
        raise Rejected("forbidden", said=said) from None


def _loop_module(drill: Drill, request: wire.WorkerRequest) -> types.ModuleType | None:
    """loop.py as a module, from the bytes the parent sent: the reference child's loop, and in
    the solution's child the `make_inputs` of a drill with custom inputs (else None)."""
    custom = any(spec.kind == "custom" for spec in drill.inputs)
    if request.mode != "reference" and not custom:
        return None
    try:
        return drill_code.module_from(request.code[LOOP], drill.file(LOOP))
    except Exception as exc:  # noqa: BLE001 - whatever the drill's loop.py raised at import
        raise faults.load_failed(exc, drill, LOOP) from None


def _inputs(
    drill: Drill, loop: types.ModuleType | None, case: wire.CaseRequest, reference: bool
) -> dict[str, Any]:
    """The case's inputs; in the loop's run, a `make_inputs` that breaks the drill's declarations
    is the author's problem, told in a sentence (the solution's run meets the same inputs)."""
    try:
        values = make_inputs(
            drill,
            case.size,
            case.seed,
            device=case.device,
            noncontiguous=case.noncontiguous,
            edge=case.edge,
            loop=loop,
        )
    except InputError as exc:
        raise faults.input_problem(str(exc)) from None
    except Exception as exc:
        if not reference or not any(spec.kind == "custom" for spec in drill.inputs):
            raise
        raise faults.inputs_raised(exc, drill, case.size) from None
    problem = declared_problem(drill, case.size, values) if reference else None
    if problem:
        raise faults.input_problem(problem)
    return values


def _loop_case(drill: Drill, size: Size, run_case: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """One case of the reference loop, whose failures are its author's: where it raised, at which
    size, or what it returned that vecdrill cannot compare."""
    record = faults.authors_step("loop.py", faults.at_size(size), run_case)
    outputs = record["outputs"]
    odd = [item["type"] for item in outputs["items"] if item["type"] not in ("tensor", "ndarray", "number")]
    if odd:
        raise faults.odd_loop_output(odd[0], outputs["tuple"], drill.library)
    return record


def _op_watch(drill: Drill, request: wire.WorkerRequest) -> counting.OpWatch | None:
    """For an allow-list torch drill: what the solution (or, in the reference child, the reference
    solution at the probe sizes) dispatches, for the parent to judge (check/allowed_ops.py)."""
    if drill.allowed is None or drill.library != "torch":
        return None
    solution = request.mode == "solution"
    return counting.OpWatch(request.filename if solution else str(drill.file(SOLUTION)))


def _helpers(request: wire.WorkerRequest, watch: counting.OpWatch | None) -> dict[str, Callable[..., Any]]:
    """The helper drills' reference functions, built before the guard from the source the parent
    sent (this process never reads a solution.py); their own ops are exempt."""
    try:
        return load_helpers(request.helpers, lambda f: counting.exempt(f, watch) if watch else f)
    except Exception as exc:  # noqa: BLE001 - a broken helper drill is its author's problem, in words
        raise faults.helper_failed(exc) from None


def _checked(
    function: Callable[..., Any],
    watch: counting.OpWatch | None,
    request: wire.WorkerRequest,
    settings: numerics.Settings,
) -> Callable[..., Any]:
    """The solution's case calls run under the op watch and with its numerics pinned and
    checked; the loop's never do."""
    if request.mode != "solution":
        return function
    import torch

    return numerics.watched(counting.watched(function, watch) if watch else function, torch, settings)


def _drill_function(module: types.ModuleType, drill: Drill, name: str) -> Callable[..., Any]:
    """The drill's function from one of its own files; none there is its author's problem."""
    function = getattr(module, drill.function, None)
    if not callable(function):
        raise faults.load_failed(LookupError(f"{name} defines no function {drill.function}()"), drill, name)
    return function  # type: ignore[no-any-return]


def _reference_solution(
    drill: Drill, request: wire.WorkerRequest, helpers: dict[str, Callable[..., Any]]
) -> Callable[..., Any]:
    """The reference solution, from the bytes the parent sent, with its helper drills' functions."""
    try:
        module = drill_code.module_from(request.code[SOLUTION], drill.file(SOLUTION), helpers)
    except Exception as exc:  # noqa: BLE001 - whatever the drill's solution.py raised at import
        raise faults.load_failed(exc, drill, SOLUTION) from None
    return _drill_function(module, drill, SOLUTION)


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


def _load_learner(
    source: bytes, filename: str, name: str, helpers: dict[str, Callable[..., Any]]
) -> Callable[..., Any]:
    namespace: dict[str, Any] = {"__name__": "solution", "__file__": filename, **helpers}
    try:
        exec(compile(source, filename, "exec", dont_inherit=True), namespace)
    except BaseException as exc:  # noqa: BLE001 - any failure at import is the learner's
        raise Rejected("load_error", faults.describe(exc), tb=_learner_traceback(exc, filename)) from None
    function = namespace.get(name)
    if not callable(function):
        raise Rejected("no_function", name)
    return function  # type: ignore[no-any-return]


def _call(
    function: Callable[..., Any],
    kwargs: dict[str, Any],
    filename: str,
    case: str,
    size: Size | None = None,
    device: str = "cpu",
    written: list[str] | None = None,
) -> Any:
    """The call, and on CUDA the wait for its kernels: an error a kernel raises (a device-side
    assert) surfaces at the next synchronize, here, so it is this case's, not a later copy's.
    `written`: the call is the gradient pass, whose inputs require grad (see _gradients)."""
    try:
        output = function(*kwargs.values())  # by position, in the drill's order: any names fit
        gpu.settle(device)
        return output
    except counting.CountersDisabled:
        raise
    except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt included
        raise _rejected(exc, filename, case, size, written) from None


def _rejected(
    exc: BaseException, filename: str, case: str, size: Size | None, written: list[str] | None = None
) -> Rejected:
    """What the learner reads when their code raised: a GPU out-of-memory error names what it
    asked for, on which device and at which size; a pinned setting it changed names the setting;
    torch refusing an in-place write into an input that requires grad names the inputs `written`
    (its message names none) and the line; anything else is an error."""
    tb = _learner_traceback(exc, filename)
    if isinstance(exc, numerics.SettingsChanged):
        return Rejected("numerics", str(exc), case, tb)
    if written is not None and faults.wrote_input(exc):
        return Rejected("mutated", ", ".join(written), case, tb, faults.at_line(exc, filename))
    asked = gpu.out_of_memory(exc)
    if asked is None:
        return Rejected("error", faults.describe(exc), case, tb, faults.at_line(exc, filename))
    at = message("child", "at_size_clause", size=units.size(size)) if size else ""
    return Rejected("memory", case=case, tb=tb, said=message("child", "gpu_memory", at=at, asked=asked))


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
    kwargs = {k: fresh_copy(v) for k, v in values.items()}
    versions = _versions(kwargs)
    output = _call(function, kwargs, filename, cid, case.size, case.device)
    written = [name for name, version in _versions(kwargs).items() if version != versions[name]]
    record = {"id": cid, "outputs": _store_outputs(output, f"{cid}/out", tensors, _OUTPUT_BYTES)}
    if case.outputs_only:
        return record
    for name, value in kwargs.items():
        if isinstance(value, torch.Tensor):
            tensors[f"{cid}/in/{name}"] = value.detach().cpu()
        elif type(value).__module__ == "numpy":
            tensors[f"{cid}/in/{name}"] = torch.from_numpy(value.copy())
    # No gradients on edge cases: with ties they have no single right answer (compare skips them),
    # and on all-zero inputs an in-place change goes unseen, so the backward call would fail.
    if grad and drill.library == "torch" and case.edge is None and not _mutated(values, kwargs):
        record["grads"] = _gradients(function, values, filename, case, tensors, written)
    return record


def _store_outputs(output: Any, prefix: str, tensors: dict[str, Any], limit: int) -> dict[str, Any]:
    import numpy as np
    import torch

    is_tuple = type(output) is tuple
    items = output if is_tuple else (output,)
    kinds: list[dict[str, str | None]] = []
    total = sum(int(getattr(o, "nbytes", 0)) for o in items)
    if total > limit:
        mib = {"returned": f"{total / 2**20:.0f}", "limit": f"{limit / 2**20:.0f}"}
        raise Rejected("too_large", said=message("child", "returned_too_much", **mib))
    for i, item in enumerate(items):
        if type(item) is torch.Tensor:
            kinds.append({"type": "tensor", "device": str(item.device)})
            tensors[f"{prefix}/{i}"] = item.detach().to("cpu", copy=True)
        elif type(item) is np.ndarray and item.dtype != object:
            kinds.append({"type": "ndarray", "device": "cpu"})
            tensors[f"{prefix}/{i}"] = torch.from_numpy(np.array(item, copy=True))
        elif type(item) in (bool, int, float) or (isinstance(item, np.generic) and item.dtype.kind in "biuf"):
            # A number: a Python one has no dtype of its own, a numpy scalar keeps its dtype.
            numpy_scalar = isinstance(item, np.generic)
            kinds.append(
                {"type": "number", "device": None, "dtype": str(item.dtype) if numpy_scalar else None}
            )
            tensors[f"{prefix}/{i}"] = (
                torch.from_numpy(np.array(item)) if numpy_scalar else torch.tensor(item)
            )
        else:
            kinds.append({"type": _type_name(item), "device": None})
    return {"tuple": is_tuple, "items": kinds}


def _gradients(
    function: Callable[..., Any],
    values: dict[str, Any],
    filename: str,
    case: wire.CaseRequest,
    tensors: dict[str, Any],
    written: list[str],
) -> list[str]:
    """The inputs' gradients of a random weighting of the outputs. An input the first call wrote
    into in place (`written`), though its values came out the same, cannot be written here, where
    it requires grad: torch's refusal, or its complaint in the backward pass, is that write."""
    import torch

    cid = case.id
    kwargs = {
        k: (fresh_copy(v).requires_grad_(True) if _is_float_tensor(v) else fresh_copy(v))
        for k, v in values.items()
    }
    versions = _versions(kwargs)
    output = _call(function, kwargs, filename, cid, device=case.device, written=written)
    items = output if type(output) is tuple else (output,)
    gen = torch.Generator().manual_seed(case.seed + 7919)
    terms = [
        (o * torch.randn(o.shape, generator=gen).to(o.device)).sum()
        for o in items
        if type(o) is torch.Tensor and o.requires_grad
    ]
    if terms:
        try:
            torch.stack(terms).sum().backward()  # type: ignore[no-untyped-call]
            gpu.settle(case.device)
        except BaseException as exc:  # noqa: BLE001
            tb = _learner_traceback(exc, filename)
            changed = [name for name, version in _versions(kwargs).items() if version != versions[name]]
            if changed and faults.wrote_input(exc):  # an input, not a tensor of its own
                raise Rejected("mutated", ", ".join(changed), cid, tb) from None
            raise Rejected("error", faults.describe(exc), cid, tb) from None
    names = []
    for name, value in kwargs.items():
        if _is_float_tensor(value) and value.grad is not None:
            tensors[f"{cid}/grad/{name}"] = value.grad.detach().cpu()
            names.append(name)
    return names


PROBE_SEED = 4242  # the probe sizes' inputs, drawn apart from every checked case's


def _loop_work(
    drill: Drill, loop: types.ModuleType | None, function: Callable[..., Any], filename: str, size: Size
) -> dict[str, list[int]]:
    """The loop's counts at the small probe size; for a numpy drill also the lines of Python it
    runs, the work that makes it slow and that its few function calls do not show."""
    counts = _probe(drill, loop, function, filename, [size], {}).counts
    if drill.library == "numpy":
        counts["lines"] = [counting.count_lines(function, make_inputs(drill, size, PROBE_SEED, loop=loop))]
    return counts


def _probe(
    drill: Drill,
    loop: types.ModuleType | None,
    function: Callable[..., Any],
    filename: str,
    sizes: list[Size],
    tensors: dict[str, Any],
    device: str = "cpu",
    *,
    marked: bool = False,
) -> Probed:
    """Count the work of one call at each probe size, keep its output (the parent compares it, so
    a solution cannot work one way where its work is counted and another where it is checked) and
    its CPU time, the least of `wire.PROBE_REPEATS` calls: measured here in the trusted reference
    child, and in the solution's child left to the sandbox, which reads it from outside between
    the `marked` bytes."""
    probed = Probed()
    # The thread's clock, not the process's: under RLIMIT_CPU the process clock read from inside
    # moves by whole ticks (0 ms for a small call, 4 ms for the next), the thread's by nanoseconds;
    # torch runs on this one thread.
    # One uncounted call first: lazy imports and first-call set-up inside torch are not work.
    warm_up = make_inputs(drill, sizes[0], PROBE_SEED - 1, device=device, loop=loop)
    _call(function, warm_up, filename, "probe", sizes[0], device)
    limit = _OUTPUT_BYTES if marked else 2**40  # a solution's answer, or the reference's
    with _no_collector():
        for i, size in enumerate(sizes):
            kwargs = make_inputs(drill, size, PROBE_SEED, device=device, loop=loop)
            if marked:
                guard.mark(b"a")
            started = thread_time()
            try:
                measured, output = counting.count_work(function, kwargs, torch_ops=drill.library == "torch")
                gpu.settle(device)
            except counting.CountersDisabled as exc:
                raise Rejected("tampered", str(exc)) from None
            except Rejected:
                raise
            except BaseException as exc:  # noqa: BLE001
                raise _rejected(exc, filename, "probe", size) from None
            used = [thread_time() - started]
            if marked:
                guard.mark(b"b")
            for _ in range(wire.PROBE_REPEATS - 1):  # uncounted: only the CPU time is read
                if marked:
                    guard.mark(b"a")
                started = thread_time()
                _call(function, kwargs, filename, "probe", size, device)
                used.append(thread_time() - started)
                if marked:
                    guard.mark(b"b")
            probed.cpu_seconds.append(min(used))
            for key, value in measured.items():
                probed.counts.setdefault(key, []).append(value)
            case = f"probe:{device}:{i}"
            if device != "meta":  # meta tensors (a GPU's stand-in in tests) carry no values to compare
                probed.records.append(
                    {"id": case, "outputs": _store_outputs(output, f"{case}/out", tensors, limit)}
                )
    return probed


@contextlib.contextmanager
def _no_collector() -> Iterator[None]:
    """Python's cyclic garbage collector off while the probe calls' CPU time is read, as `timeit`
    does: one full collection of a process that holds torch takes tens of milliseconds, and
    falling inside the large size's call alone it would read as work that grows with the input.
    No collection first: that alone cost a warm check 60 ms."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@dataclass
class Probed:
    """What `_probe` measured: the work counts per size, each call's output record, its CPU time."""

    counts: dict[str, list[int]] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)


def _bench(
    drill: Drill,
    loop: types.ModuleType | None,
    function: Callable[..., Any],
    filename: str,
    spec: wire.BenchRequest,
    tensors: dict[str, Any],
    index: int,
    settings: numerics.Settings,
) -> dict[str, Any]:
    import torch

    started = perf_counter()
    values = make_inputs(drill, spec.size, spec.seed, device=spec.device, loop=loop)
    numerics.pin(torch)
    try:  # on CUDA a kernel's error surfaces at the block clock's synchronize, outside the call
        with torch.no_grad():
            measured = timer.time_calls(
                lambda **kwargs: _call(function, kwargs, filename, "bench", spec.size),
                lambda: {k: fresh_copy(v) for k, v in values.items()},
                device=spec.device,
                budget_seconds=spec.budget,
                cpu_clock=spec.device == "cpu" and torch.get_num_threads() == 1,
            )
        numerics.check(torch, settings)
    except (Rejected, counting.CountersDisabled):
        raise
    except Exception as exc:  # noqa: BLE001 - the timed function's, raised late
        raise _rejected(exc, filename, "bench", spec.size) from None
    samples = measured.samples.thinned()
    record: dict[str, Any] = {
        "name": spec.name,
        "device": spec.device,
        "size": spec.size,
        "seconds": samples.seconds,
        "repeats": samples.repeats,
        "reused": measured.reused_output,
        "bytes": timer.held_bytes(values, measured.output),  # the least a call reads and writes
    }
    if spec.keep_output:
        record["outputs"] = _store_outputs(measured.output, f"bench{index}/out", tensors, 2**40)
    record["wall_seconds"] = perf_counter() - started
    return record


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


def _versions(kwargs: dict[str, Any]) -> dict[str, int]:
    """Each input tensor's version counter, which every in-place write advances, even one that
    leaves the values as they were."""
    import torch

    return {name: value._version for name, value in kwargs.items() if isinstance(value, torch.Tensor)}


def _is_float_tensor(value: Any) -> bool:
    import torch

    return isinstance(value, torch.Tensor) and value.is_floating_point()


def _type_name(value: Any) -> str:
    kind = type(value)
    return kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"


def _learner_traceback(exc: BaseException, filename: str) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    lines = traceback.format_list(frames) + traceback.format_exception_only(type(exc), exc)
    return "".join(lines)[-4000:]


if __name__ == "__main__":
    main()
