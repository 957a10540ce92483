"""A drill's own Python code (the loop, the reference solution, `make_inputs`), and the drill as a
child receives it.

Only the parent reads a drill's files: it sends each child the parsed drill and the bytes of the
code that child runs (`given`), so no child opens, parses or validates a drill file, and the box
can hide every drill folder. The solution's child gets the loop (for a custom `make_inputs`) and its
helper drills' reference functions, never its own drill's solution; a learner's file is never
loaded here: the sandboxed worker compiles it from the exact bytes the static gate checked.
"""

from __future__ import annotations

import ast
import dataclasses
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vecdrill import wire
from vecdrill.content.drill import Drill, load_drill
from vecdrill.errors import DrillError

LOOP, SOLUTION = "loop.py", "solution.py"


def given(drill: Drill, *, answers: bool) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The drill and its code as a child's request carries them (`wire.WorkerRequest`). The
    solution's child (`answers` false) gets the loop alone, under a folder that names the drill
    but leads nowhere; the trusted reference child gets the reference solution too, and the real
    folder, so its author's messages name the real files."""
    names = (LOOP, SOLUTION) if answers else (LOOP,)
    code = {name: drill.file(name).read_bytes() for name in names}
    shown = drill if answers else dataclasses.replace(drill, folder=Path(drill.id))
    return wire.to_plain(shown), code


def received(plain: dict[str, Any]) -> Drill:
    """The drill a request carries, as the parent parsed and validated it."""
    return wire.from_plain(Drill, plain)


def module_from(source: bytes, path: Path, names: dict[str, Any] | None = None) -> types.ModuleType:
    """Execute `source` (the bytes of the file at `path`, which names it in tracebacks) as a fresh
    module, with `names` (a drill's helpers) already in its namespace."""
    module = types.ModuleType(f"vecdrill_drill_{path.parent.name.replace('-', '_')}_{path.stem}")
    module.__dict__.update(names or {})
    module.__file__ = str(path)
    exec(compile(source, str(path), "exec", dont_inherit=True), module.__dict__)
    return module


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
        module = module_from(helper.source, path, {name: built[name] for name in helper.helpers})
        built[helper.function] = wrap(_function(module, path, helper.function))
    return built


def loop_listing(drill: Drill) -> str:
    """The loop a learner replaces, as `show` lists it: the drill's function from loop.py and the
    imports it uses, without what else the file holds for the check (a `make_inputs` and the torch
    it needs in a numpy drill, helpers of the author's)."""
    source = drill.file(LOOP).read_text(encoding="utf-8")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    function = next(
        (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == drill.function), None
    )
    if function is None:
        return source
    used = {node.id for node in ast.walk(function) if isinstance(node, ast.Name)}
    imports = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a for a in node.names if (a.asname or a.name.split(".")[0]) in used]
            if names:
                imports.append(ast.unparse(type(node)(**{**node.__dict__, "names": names})))
    lines = source.splitlines()
    first = min([function.lineno, *(d.lineno for d in function.decorator_list)])
    body = "\n".join(lines[first - 1 : function.end_lineno])
    return f"{chr(10).join(imports)}\n\n\n{body}\n" if imports else f"{body}\n"
