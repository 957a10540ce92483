"""Time a function honestly: fresh inputs every call, device syncs, repeats until a budget.

Runs inside the child processes, where the thread count is pinned (one by default). Every call
gets its own copy of the inputs (copied outside the timed region), so a solution that caches
answers between calls gains nothing, and one that hands back memory it returned before (and kept
alive) is caught. The calls' times go out as `vecdrill.measure.samples.Samples`, blocks of calls
whose quietest the parent reports.

On CUDA a call returns once its kernels are queued, and a synchronize around each call would time
the launch latency of one call at a time. There the calls run in blocks: the block's fresh inputs
are copied first, then one CUDA event before and one after the block's calls time the kernels
themselves, back to back as a real program queues them, and the block's mean is its sample. The
end event is recorded only after the whole device has finished (`torch.cuda.synchronize`), so
work a solution puts on streams of its own is timed too, never left to the next block. Every
output of a block stays alive until the block ends, so a call that returns memory another call
returned is seen by address; a block is sized so that its inputs and outputs fit in
BLOCK_BYTES together.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from time import perf_counter, process_time, thread_time  # bound before learner code runs
from typing import Any

from vecdrill.measure.samples import Samples

# Process CPU time can advance in scheduler ticks (4 ms at 250 Hz) inside the sandbox.
_CLOCK_TICK = 0.01
BLOCK_SECONDS = 0.002  # a CUDA block's length: long against the event's resolution (~0.5 us)
MAX_BLOCK_CALLS = 64
BLOCK_BYTES = 256 * 1024**2  # a block's fresh input copies and its outputs, all held at once


@dataclass(frozen=True)
class Measured:
    samples: Samples
    output: Any  # the last timed call's result, re-checked by the parent
    reused_output: bool  # some call returned memory that an earlier call had returned


def time_calls(
    function: Callable[..., Any],
    fresh_kwargs: Callable[[], dict[str, Any]],
    *,
    device: str,
    budget_seconds: float,
    min_repeats: int = 3,
    max_repeats: int = 100_000,
    cpu_clock: bool = False,
) -> Measured:
    """Warm up once, then time calls until `min_repeats` are done and either the timed calls
    have used the budget or, for tiny calls whose input copies cost more than they do, twice
    the budget of wall time has passed.

    With `cpu_clock` (single-threaded CPU work) each call counts as the lesser of its wall time
    and the CPU time of this thread during it: a call that other programs on a busy machine
    pushed off the CPU counts what it would take uninterrupted, while tiny calls keep the finer
    wall clock. If other threads of the process worked meanwhile, that CPU time would miss
    their share, so the wall times are kept instead.

    On CUDA the calls are timed in blocks with CUDA events (see the module docstring); a call
    that takes longer than the budget (the loop, which syncs per element) is timed once.
    """
    if device.startswith("cuda"):
        return time_blocks(function, fresh_kwargs, _CudaEvents(), budget_seconds=budget_seconds)
    sync = _synchronizer(device)
    output = function(**fresh_kwargs())
    sync()
    walls: list[float] = []
    lesser: list[float] = []
    reused = False
    spent = 0.0
    deadline = perf_counter() + 2 * budget_seconds
    process_start, thread_start = process_time(), thread_time()
    while len(walls) < min_repeats or (
        len(walls) < max_repeats and spent < budget_seconds and perf_counter() < deadline
    ):
        kwargs = fresh_kwargs()
        kept = [weakref.ref(owner) for owner in memory_owners(output)]
        output = None  # from here only the function itself can keep the last result alive
        sync()
        cpu_start = thread_time() if cpu_clock else 0.0
        start = perf_counter()
        output = function(**kwargs)
        sync()
        wall = perf_counter() - start
        walls.append(wall)
        cpu = thread_time() - cpu_start if cpu_clock else 0.0
        lesser.append(min(wall, cpu) if cpu > 0 else wall)  # 0: a clock too coarse to use
        spent += lesser[-1]
        reused = reused or _returned_again(kept, output)
    others = (process_time() - process_start) - (thread_time() - thread_start)
    alone = others < _CLOCK_TICK + 0.05 * (thread_time() - thread_start)
    seconds = lesser if alone else walls
    return Measured(Samples.of_calls(seconds), output, reused)


class _CudaEvents:
    """The block clock on CUDA: an event on the current stream once the device is idle, and one
    after the device (every stream) has finished the block."""

    def __init__(self) -> None:
        import torch

        self._torch = torch
        self._start = torch.cuda.Event(enable_timing=True)  # type: ignore[no-untyped-call]
        self._end = torch.cuda.Event(enable_timing=True)  # type: ignore[no-untyped-call]

    def sync(self) -> None:
        self._torch.cuda.synchronize()

    def start(self) -> None:
        self._start.record()

    def stop(self) -> float:
        self._torch.cuda.synchronize()  # every stream, not only the one the events are on
        self._end.record()
        self._end.synchronize()
        return float(self._start.elapsed_time(self._end)) / 1000.0


class WallClock:
    """The block clock where the device is the CPU: what `time_blocks` uses off a GPU (tests)."""

    def sync(self) -> None:
        return None

    def start(self) -> None:
        self._started = perf_counter()

    def stop(self) -> float:
        return perf_counter() - self._started


def time_blocks(
    function: Callable[..., Any],
    fresh_kwargs: Callable[[], dict[str, Any]],
    clock: _CudaEvents | WallClock,
    *,
    budget_seconds: float,
    min_blocks: int = 3,
) -> Measured:
    """Warm up once, size a block to about BLOCK_SECONDS (at most MAX_BLOCK_CALLS calls, and
    inputs and outputs within BLOCK_BYTES), then time blocks until `min_blocks` are done and the
    budget is used, or twice the budget of wall time has passed (input copies of calls far
    quicker than their copying) once one block is done.

    A warm-up longer than the budget is the one sample: the loop, which waits for the GPU on
    every element, can take a minute a call there, and a second call would double that."""
    kwargs = fresh_kwargs()
    clock.sync()
    started = perf_counter()
    output = function(**kwargs)
    clock.sync()
    first = perf_counter() - started
    del kwargs
    if first >= budget_seconds:
        return Measured(Samples([first], 1), output, False)
    fit = max(1, BLOCK_BYTES // max(1, held_bytes(fresh_kwargs(), output)))
    calls = max(1, min(MAX_BLOCK_CALLS, fit, math.ceil(BLOCK_SECONDS / max(first, 1e-7))))
    blocks: list[float] = []
    reused = False
    deadline = perf_counter() + 2 * budget_seconds
    while not blocks or (
        (len(blocks) < min_blocks or sum(blocks) * calls < budget_seconds) and perf_counter() < deadline
    ):
        inputs = [fresh_kwargs() for _ in range(calls)]
        outputs = [output]  # the last block's final result stays alive: a cache would return it
        clock.sync()
        clock.start()
        outputs += [function(**kwargs) for kwargs in inputs]
        blocks.append(clock.stop() / calls)
        reused = reused or _shared_memory(outputs)
        output = outputs[-1]
    return Measured(Samples(blocks, len(blocks) * calls), output, reused)


def held_bytes(kwargs: dict[str, Any], output: Any) -> int:
    """The bytes of a call's inputs and of the memory behind its output: what one call holds
    alive, and the least it reads and writes."""
    inputs = sum(int(getattr(value, "nbytes", 0)) for value in kwargs.values())
    return inputs + sum(_nbytes(owner) for owner in memory_owners(output))


def _nbytes(owner: Any) -> int:
    """The size of what `memory_owners` found: a storage's bytes, or an array's."""
    size = getattr(owner, "nbytes", None)
    return int(size() if callable(size) else size or 0)


def _shared_memory(outputs: list[Any]) -> bool:
    """True when two of these live results use the same memory: one call returned what another
    had returned, kept alive by the solution."""
    seen: set[int] = set()
    for output in outputs:
        addresses = {_address(owner) for owner in memory_owners(output)}
        if addresses & seen:
            return True
        seen |= addresses
    return False


def memory_owners(output: Any) -> list[Any]:
    """What owns the memory behind each non-empty tensor or array in a result: a tensor's
    storage (one Python object for as long as the memory lives), an array's base array."""
    items = output if type(output) is tuple else (output,)
    owners = []
    for item in items:
        try:
            if callable(getattr(item, "untyped_storage", None)) and item.numel() > 0:
                owners.append(item.untyped_storage())
            elif type(item).__name__ == "ndarray" and item.size > 0:
                while type(item.base).__name__ == "ndarray":
                    item = item.base
                owners.append(item)
        except (RuntimeError, NotImplementedError, TypeError):
            continue  # sparse or exotic results have no single buffer to compare
    return owners


def _returned_again(kept: list[weakref.ref[Any]], output: Any) -> bool:
    """True when the new result lives in memory that the last result used and that something
    besides vecdrill (a cache in the solution) kept alive."""
    alive = {_address(owner) for ref in kept if (owner := ref()) is not None}
    return any(_address(owner) in alive for owner in memory_owners(output))


def _address(owner: Any) -> int:
    return int(owner.data_ptr() if hasattr(owner, "data_ptr") else owner.ctypes.data)


def _synchronizer(device: str) -> Callable[[], None]:
    if device.startswith("cuda"):
        import torch

        return torch.cuda.synchronize
    return lambda: None
