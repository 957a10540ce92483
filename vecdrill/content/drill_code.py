"""Load a drill's own Python files (the loop, the reference solution, `make_inputs`).

Only trusted processes read a drill's files here: the parent, the reference child and `dev check`.
The learner's child builds only its helper drills' functions, from the bytes the parent read
(`helper_sources`, then `load_helpers` before the guards). A learner's file is never loaded here;
the sandboxed worker compiles it from the exact bytes the static gate checked.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vecdrill import wire
from vecdrill.content.drill import Drill, load_drill
from vecdrill.errors import DrillError


def load_module(path: Path, names: dict[str, Any] | None = None) -> types.ModuleType:
    """Execute a file as a fresh module, compiled from its current bytes (no stale bytecode), with
    `names` (a drill's helpers) already in its namespace."""
    return _module(path.read_bytes(), path, names)


def _module(source: bytes, path: Path, names: dict[str, Any] | None) -> types.ModuleType:
    module = types.ModuleType(f"vecdrill_drill_{path.parent.name.replace('-', '_')}_{path.stem}")
    module.__dict__.update(names or {})
    module.__file__ = str(path)
    exec(compile(source, str(path), "exec", dont_inherit=True), module.__dict__)
    return module


def load_function(path: Path, name: str, names: dict[str, Any] | None = None) -> Callable[..., Any]:
    return _function(load_module(path, names), path, name)


def _function(module: types.ModuleType, path: Path, name: str) -> Callable[..., Any]:
    function = getattr(module, name, None)
    if not callable(function):
        raise LookupError(f"{path} defines no function {name}()")
    return function  # type: ignore[no-any-return]


def helper_sources(drill: Drill) -> list[wire.HelperSource]:
    """The reference solution of each of `drill`'s helper drills, theirs included, each after the
    helpers it calls: read here, in the parent, and sent in the request (see `wire.HelperSource`).
    Never `drill`'s own. A cycle among helpers is the author's DrillError."""
    found: dict[str, wire.HelperSource] = {}

    def visit(current: Drill, chain: tuple[str, ...]) -> None:
        for helper_id in current.helpers:
            if helper_id in chain:
                raise DrillError(
                    str(current.file("drill.toml")),
                    f"helpers form a cycle ({' -> '.join((*chain[chain.index(helper_id) :], helper_id))}); "
                    "a helper must be an earlier drill",
                )
            if helper_id in found:
                continue
            helper = load_drill(drill.folder.parent / helper_id)
            visit(helper, (*chain, helper_id))
            path = helper.file("solution.py")
            found[helper_id] = wire.HelperSource(
                helper.function, str(path), path.read_bytes(), [found[h].function for h in helper.helpers]
            )

    visit(drill, (drill.id,))
    return list(found.values())


def load_helpers(
    sources: list[wire.HelperSource], wrap: Callable[[Callable[..., Any]], Callable[..., Any]]
) -> dict[str, Callable[..., Any]]:
    """The helpers' functions by name, built from the request's sources in order (each with its
    own helpers in its namespace), each passed through `wrap`."""
    built: dict[str, Callable[..., Any]] = {}
    for helper in sources:
        path = Path(helper.filename)
        module = _module(helper.source, path, {name: built[name] for name in helper.helpers})
        built[helper.function] = wrap(_function(module, path, helper.function))
    return built
