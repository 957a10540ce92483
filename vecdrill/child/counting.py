"""Count the work a function does, to catch loops the static gate cannot see.

Two counters run around one call: aten operations seen by a `TorchDispatchMode` (torch drills) and
Python-level calls seen by `sys.setprofile` (every drill; numpy loops make no aten ops). A loop makes
the counts grow with the input size; vectorized code keeps them flat. Both hooks are checked after
the call, so a solution that switches them off is caught rather than trusted.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


class CountersDisabled(Exception):
    """The solution removed vecdrill's profile hook or dispatch mode while it ran."""


def count_work(function: Callable[..., Any], kwargs: dict[str, Any], *, torch_ops: bool) -> dict[str, int]:
    """Call `function(**kwargs)` once and return {"calls": n} plus {"aten": n} for torch drills."""
    counts = {"calls": 0}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event in ("call", "c_call"):
            counts["calls"] += 1

    if torch_ops:
        mode = _dispatch_counter()
        mode.__enter__()
        try:
            _profiled(function, kwargs, profile)
        finally:
            # Leaving a mode pops the top of torch's mode stack: only safe while that is ours.
            intact = _is_innermost(mode)
            if intact:
                mode.__exit__(None, None, None)
        counts["aten"] = mode.count
        if not intact:
            raise CountersDisabled("the torch dispatch counter was switched off")
    else:
        _profiled(function, kwargs, profile)
    return counts


def _profiled(
    function: Callable[..., Any], kwargs: dict[str, Any], profile: Callable[[FrameType, str, object], None]
) -> None:
    sys.setprofile(profile)
    try:
        function(**kwargs)
        intact = sys.getprofile() is profile
    finally:
        sys.setprofile(None)
    if not intact:
        raise CountersDisabled("the Python call profiler was switched off")


def _dispatch_counter() -> Any:
    from torch.utils._python_dispatch import TorchDispatchMode

    class DispatchCounter(TorchDispatchMode):  # type: ignore[no-untyped-call]
        @classmethod
        def _should_skip_dynamo(cls) -> bool:
            # Otherwise torch wraps __torch_dispatch__ in torch._disable_dynamo, whose first use
            # imports torch._dynamo: seconds of start-up for a counter that never compiles.
            return False

        def __init__(self) -> None:
            super().__init__()  # type: ignore[no-untyped-call]
            self.count = 0

        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
            self.count += 1
            return func(*args, **(kwargs or {}))

    return DispatchCounter()


def _is_innermost(mode: Any) -> bool:
    from torch.utils._python_dispatch import _get_current_dispatch_mode_stack

    stack = _get_current_dispatch_mode_stack()
    return bool(stack) and stack[-1] is mode
