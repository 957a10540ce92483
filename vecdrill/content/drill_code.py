"""Load a drill's own Python files (the loop, the reference solution, `make_inputs`).

Only trusted processes call this: the reference child and `dev check`. A learner's file is never
loaded here; the sandboxed worker compiles it from the exact bytes the static gate checked.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from pathlib import Path
from typing import Any


def load_module(path: Path) -> types.ModuleType:
    """Execute a file as a fresh module, compiled from its current bytes (no stale bytecode)."""
    module = types.ModuleType(f"vecdrill_drill_{path.parent.name.replace('-', '_')}_{path.stem}")
    module.__file__ = str(path)
    code = compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
    exec(code, module.__dict__)
    return module


def load_function(path: Path, name: str) -> Callable[..., Any]:
    function = getattr(load_module(path), name, None)
    if not callable(function):
        raise LookupError(f"{path} defines no function {name}()")
    return function  # type: ignore[no-any-return]
