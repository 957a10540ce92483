"""Count the work a function does, to catch loops the static gate cannot see.

Two counters run around one call: aten operations seen by a `TorchDispatchMode` (torch drills) and
Python-level calls seen by `sys.setprofile` (every drill; numpy loops make no aten ops). A loop makes
the counts grow with the input size; vectorized code keeps them flat. Both hooks are checked after
the call, so a solution that switches them off is caught rather than trusted.

For drills with an allow-list, `OpWatch` records which aten operations a function dispatched and
from which of its lines; the parent judges them against what the allowed names can dispatch.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


class CountersDisabled(Exception):
    """The solution removed vecdrill's profile hook or dispatch mode while it ran."""


def count_work(
    function: Callable[..., Any], kwargs: dict[str, Any], *, torch_ops: bool
) -> tuple[dict[str, int], Any]:
    """Call `function` once with the inputs `kwargs` in order, by position (as every call of a
    drill's function is made: a book's answer names its parameters its own way); return its output
    and {"calls": n}, plus for torch drills
    {"aten": n} and {"syncs": n}: the values read out of a tensor into Python (`.item()`, `int(t)`,
    `if t:`), each a device sync on a GPU."""
    counts = {"calls": 0}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event in ("call", "c_call"):
            counts["calls"] += 1

    if torch_ops:
        mode = _dispatch_counter()
        mode.__enter__()
        try:
            output = _profiled(function, kwargs, profile)
        finally:
            # Leaving a mode pops the top of torch's mode stack: only safe while that is ours.
            intact = _is_innermost(mode)
            if intact:
                mode.__exit__(None, None, None)
        counts["aten"], counts["syncs"] = mode.count, mode.syncs
        if not intact:
            raise CountersDisabled("the torch dispatch counter was switched off")
    else:
        output = _profiled(function, kwargs, profile)
    return counts, output


def _profiled(
    function: Callable[..., Any], kwargs: dict[str, Any], profile: Callable[[FrameType, str, object], None]
) -> Any:
    sys.setprofile(profile)
    try:
        output = function(*kwargs.values())
        intact = sys.getprofile() is profile
    finally:
        sys.setprofile(None)
    if not intact:
        raise CountersDisabled("the Python call profiler was switched off")
    return output


def count_lines(function: Callable[..., Any], kwargs: dict[str, Any]) -> int:
    """Lines of Python one call runs, in every frame it enters: what a numpy loop spends its time
    on (its body once per element), which neither aten operations nor calls show. For the report
    only, on the trusted loop; the hidden-loop judgement never reads it."""
    lines = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal lines
        lines += event == "line"
        return local

    sys.settrace(lambda frame, event, arg: local)
    try:
        function(*kwargs.values())
    finally:
        sys.settrace(None)
    return lines


def _dispatch_counter() -> Any:
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    scalar_read = torch.ops.aten._local_scalar_dense.default  # behind .item(), int(t), bool(t)

    class DispatchCounter(TorchDispatchMode):  # type: ignore[no-untyped-call]
        @classmethod
        def _should_skip_dynamo(cls) -> bool:
            # Otherwise torch wraps __torch_dispatch__ in torch._disable_dynamo, whose first use
            # imports torch._dynamo: seconds of start-up for a counter that never compiles.
            return False

        def __init__(self) -> None:
            super().__init__()  # type: ignore[no-untyped-call]
            self.count = 0
            self.syncs = 0

        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
            self.count += 1
            self.syncs += func is scalar_read
            return func(*args, **(kwargs or {}))

    return DispatchCounter()


def _is_innermost(mode: Any) -> bool:
    from torch.utils._python_dispatch import _get_current_dispatch_mode_stack

    stack = _get_current_dispatch_mode_stack()
    return bool(stack) and stack[-1] is mode


class OpWatch:
    """The aten operations a function dispatched, each with the first line of `filename` that made it
    (None when no frame of that file was on the stack), for drills with an allow-list. Operations
    inside a helper drill's function (`exempt`) are the drill author's and are not recorded."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.ops: dict[str, int | None] = {}
        self.exempt_depth = 0

    def saw(self, name: str) -> None:
        if self.exempt_depth or name in self.ops:
            return
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename != self.filename:
            frame = frame.f_back  # type: ignore[assignment]
        self.ops[name] = frame.f_lineno if frame is not None else None


def watched(function: Callable[..., Any], watch: OpWatch) -> Callable[..., Any]:
    """`function` run under a dispatch mode that records its operations in `watch`."""

    def run(*inputs: Any) -> Any:
        mode = _op_recorder(watch)
        mode.__enter__()
        try:
            return function(*inputs)
        finally:
            intact = _is_innermost(mode)
            if intact:
                mode.__exit__(None, None, None)
            if not intact:
                raise CountersDisabled("the torch operation watch was switched off")

    return run


def exempt(function: Callable[..., Any], watch: OpWatch) -> Callable[..., Any]:
    """A helper drill's function whose own operations `watch` does not record."""

    def run(*args: Any, **kwargs: Any) -> Any:
        watch.exempt_depth += 1
        try:
            return function(*args, **kwargs)
        finally:
            watch.exempt_depth -= 1

    return run


def _op_recorder(watch: OpWatch) -> Any:
    from torch.utils._python_dispatch import TorchDispatchMode

    class OpRecorder(TorchDispatchMode):  # type: ignore[no-untyped-call]
        @classmethod
        def _should_skip_dynamo(cls) -> bool:
            return False  # as in the counter above: no torch._dynamo import for a mode that never compiles

        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
            watch.saw(f"{func.namespace}.{func._opname}")
            return func(*args, **(kwargs or {}))

    return OpRecorder()  # type: ignore[no-untyped-call]
