"""What of a learner's notebook code crosses the kernel's edge, and how.

Out of the kernel: a function becomes source text (from `inspect`), never a pickled object, so the
sandbox runs exactly what the gate read. The names it uses from outside itself are carried only when
they are modules or names of the libraries the drill allows (`np`, `F = torch.nn.functional`,
`Tensor`): those are re-imported below the function. Anything else (a helper, a constant, a
variable of an enclosing function) cannot be carried faithfully, and the learner is told what to
put in the cell.

Into the kernel: after `%%vecdrill` checks a cell, the kernel gets the cell's imports of allowed
libraries, its plain constants and its functions (with literal defaults and no decorators, and
annotations left unevaluated), so defining them runs none of the learner's code. Everything else
in the cell ran only in the sandbox.
"""

from __future__ import annotations
import __future__

import ast
import builtins
import inspect
import linecache
import sys
import textwrap
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any

from vecdrill.errors import UsageError
from vecdrill.gate.rules import BASE_IMPORTS, LIBRARY_ROOTS
from vecdrill.messages import Message, message

CELL = Path("cell")  # how messages name a notebook cell
_cells = count(1)


@dataclass(frozen=True)
class ReadFunction:
    """A function's own text, its first line in its cell or file, and how messages name it."""

    function: types.FunctionType
    text: str
    first: int
    label: Path


@dataclass(frozen=True)
class FunctionSource:
    """A function as the text to check; `outside` names what it uses that cannot be carried."""

    name: str
    text: str
    label: Path
    outside: tuple[Message, ...]


def allowed_roots(extra: Iterable[str]) -> tuple[str, ...]:
    return (*BASE_IMPORTS, *LIBRARY_ROOTS, *extra)


def read_function(function: Callable[..., Any]) -> ReadFunction:
    """The function's own text, with the comment lines just above it, where a `# vecdrill: ID`
    marker may sit; a cell is labelled `cell`, a file by its path."""
    if not isinstance(function, types.FunctionType):
        raise UsageError(message("errors", "solution_kind", kind=type(function).__name__))
    if function.__name__ == "<lambda>":
        raise UsageError(message("errors", "lambda"))
    try:
        lines, first = inspect.getsourcelines(function)
    except (OSError, TypeError):
        raise UsageError(message("errors", "no_source", name=function.__name__)) from None
    comments = inspect.getcomments(function) or ""
    text = textwrap.dedent(comments + "".join(lines))
    where = inspect.getsourcefile(function) or ""
    in_file = Path(where).is_file() and "ipykernel_" not in where
    label = Path(where) if in_file else CELL
    return ReadFunction(function, text, max(1, first - comments.count("\n")), label)


def carry(read: ReadFunction, roots: tuple[str, ...]) -> FunctionSource:
    """The text to check: blank lines so that line numbers match the learner's cell or file, the
    function, then imports for the modules and library names it uses from outside."""
    function = read.function
    deferred = bool(function.__code__.co_flags & __future__.annotations.compiler_flag)
    imports: list[str] = []
    outside: list[Message] = []
    for name in sorted(free_names(read.text, function.__name__, annotations=not deferred)):
        line = _import_line(name, function, roots)
        if line is None:
            outside.append(_describe(name, function))
        else:
            imports.append(line)
    head = ["from __future__ import annotations"] if deferred else []  # as where it was defined
    body = "\n".join([*head, *[""] * (read.first - 1 - len(head))]) + "\n" + read.text.rstrip("\n") + "\n"
    tail = "\n\n" + "\n".join(imports) + "\n" if imports else ""
    return FunctionSource(function.__name__, body + tail, read.label, tuple(outside))


def free_names(text: str, own_name: str, *, annotations: bool = True) -> set[str]:
    """Names the function reads that it does not bind itself and that are not builtins (those
    of its annotations too, unless they are never evaluated)."""
    tree = ast.parse(text)
    bound = {own_name}
    read: set[str] = set()
    skipped = set() if annotations else {id(n) for a in _annotations(tree) for n in ast.walk(a)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return read - bound - set(dir(builtins))


def _annotations(tree: ast.AST) -> list[ast.expr]:
    """Every annotation: a parameter's or an assignment's (`annotation`), a function's (`returns`)."""
    found = (getattr(node, name, None) for node in ast.walk(tree) for name in ("annotation", "returns"))
    return [annotation for annotation in found if annotation is not None]


def _import_line(name: str, function: types.FunctionType, roots: tuple[str, ...]) -> str | None:
    """An import that gives `name` the same value in the sandbox, if it is an allowed library's
    module or one of its names (found in the function's globals or its closure)."""
    found, value = _lookup(name, function)
    if not found:
        return None
    if isinstance(value, types.ModuleType):
        module = value.__name__
        if module.split(".")[0] not in roots:
            return None
        return f"import {module}" if module == name else f"import {module} as {name}"
    home = getattr(value, "__module__", None)
    attribute = getattr(value, "__name__", name)
    if not isinstance(home, str) or home.split(".")[0] not in roots:
        return None
    for owner in (home, home.split(".")[0]):
        if getattr(sys.modules.get(owner), attribute, None) is value:
            return f"from {owner} import {attribute}" + (f" as {name}" if attribute != name else "")
    return None


def _lookup(name: str, function: types.FunctionType) -> tuple[bool, Any]:
    """(whether `name` has a value where the function would look it up, that value)."""
    code = function.__code__
    if name in code.co_freevars and function.__closure__ is not None:
        try:
            return True, function.__closure__[code.co_freevars.index(name)].cell_contents
        except ValueError:  # an empty cell: assigned later in the enclosing function
            return False, None
    return name in function.__globals__, function.__globals__.get(name)


def _describe(name: str, function: types.FunctionType) -> Message:
    if name in function.__code__.co_freevars:
        return message("verdict", "outside_enclosing", name=name)
    if name not in function.__globals__:
        return message("verdict", "outside_undefined", name=name)
    value = function.__globals__[name]
    if callable(value):
        return message("verdict", "outside_function", name=name)
    kind = type(value).__name__
    return message("verdict", "outside_an" if kind[0] in "aeiou" else "outside_a", name=name, kind=kind)


def outside_sentence(carried: FunctionSource, drill_id: str) -> Message:
    """Why a function that uses names from outside itself is not checked, and what to do."""
    them = message("verdict", "it" if len(carried.outside) == 1 else "them")
    names = list(carried.outside)
    return message("verdict", "uses_outside", function=carried.name, names=names, them=them, drill=drill_id)


def define_in(namespace: dict[str, Any], cell: str, roots: tuple[str, ...]) -> tuple[list[str], list[int]]:
    """Run the cell's harmless part in `namespace`; the cell text goes into linecache so that
    `inspect` (and with it `vecdrill.check(fn)`) finds the functions' source later. All or nothing:
    when a statement fails (an import that the sandbox had and the kernel lacks), the names it and
    the statements before it bound are put back as they were, and the error propagates."""
    tree = ast.parse(cell)
    kept = [s for s in tree.body if _harmless(s, roots)]
    filename = f"<vecdrill-cell-{next(_cells)}>"
    linecache.cache[filename] = (len(cell), None, cell.splitlines(keepends=True), filename)
    module = ast.Module(body=kept, type_ignores=[])
    flags = __future__.annotations.compiler_flag
    before = dict(namespace)
    try:
        exec(compile(module, filename, "exec", flags=flags, dont_inherit=True), namespace)
    except BaseException:
        for name in namespace.keys() - before.keys():
            del namespace[name]
        namespace.update(before)
        raise
    functions = [s.name for s in kept if isinstance(s, ast.FunctionDef)]
    return functions, [s.lineno for s in tree.body if s not in kept]


def _harmless(statement: ast.stmt, roots: tuple[str, ...]) -> bool:
    """Statements whose execution runs no learner code: allowed imports, literal constants, and
    defs with literal defaults and no decorators (annotations are not evaluated)."""
    if isinstance(statement, ast.Import):
        return all(a.name.split(".")[0] in roots for a in statement.names)
    if isinstance(statement, ast.ImportFrom):
        return statement.level == 0 and (statement.module or "").split(".")[0] in roots
    if isinstance(statement, ast.Assign):
        return all(isinstance(t, ast.Name) for t in statement.targets) and _literal(statement.value)
    if isinstance(statement, ast.FunctionDef):
        defaults = [*statement.args.defaults, *(d for d in statement.args.kw_defaults if d is not None)]
        return not statement.decorator_list and all(_literal(d) for d in defaults)
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)  # a docstring


def _literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True
