"""The mutants of a reference solution: one small change per site, the kind a wrong answer makes.

Each site of the solution's code gets the changes a learner's near miss would make: an arithmetic
operator or a comparison swapped, a constant, a slice bound or a named index off by one, a keyword
argument dropped (`minlength`, `keepdim`) or flipped, `axis=`/`dim=` moved to the first or last axis,
another dtype, two arguments swapped, a sign or a `~` dropped, `max` for `min`, a call dropped
(`y.squeeze(1)` to `y`, `np.sqrt(x)` to `x`). A mutant is the
solution's own text with that one expression spliced in, so every other line (and each line
number) stays the author's; a splice that would parse differently from the
intended tree is parenthesized, and one that still does is skipped. Standard library only.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

_OPERATORS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv,
    ast.Pow: ast.Mult,
    ast.MatMult: ast.Mult,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
_COMPARISONS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
}
_DTYPES = {
    "float16": "float32",
    "half": "float32",
    "bfloat16": "float32",
    "float32": "float64",
    "float": "float64",
    "float64": "float32",
    "double": "float32",
    "int64": "int32",
    "long": "int32",
    "int32": "int64",
    "int": "int64",
    "int8": "int64",
    "uint8": "int64",
    "bool": "uint8",
    "bool_": "uint8",
    "intp": "int32",
}


def _both_ways(pairs: dict[str, str]) -> dict[str, str]:
    """Each name to its counterpart and back (`max` to `min`, `min` to `max`)."""
    return pairs | {other: name for name, other in pairs.items()}


_CAST_METHODS = _both_ways({"float": "double", "long": "int"}) | {"half": "float"}
_FUNCTIONS = _both_ways(
    {"max": "min", "amax": "amin", "argmax": "argmin", "maximum": "minimum", "cummax": "cummin"}
    | {"floor": "ceil", "triu": "tril", "sum": "mean", "cumsum": "cumprod", "clamp_min": "clamp_max"}
)
_WORDS = _both_ways({"amax": "amin", "max": "min", "sum": "mean", "left": "right"}) | {"prod": "sum"}
# The names a solution gives its libraries: a call through one is a function's, any other a method's.
_MODULE_NAMES = frozenset({"torch", "np", "numpy", "F", "nn", "math"})
# Keywords that only place the result: dropping them changes nothing on the CPU the battery runs
# on, and the CUDA check already compares devices.
_PLACEMENT_KEYWORDS = frozenset({"device", "out", "layout", "pin_memory", "non_blocking"})


@dataclass(frozen=True)
class Mutant:
    """One changed copy of the solution. `id` names it stably (while the solution's text stays):
    it is what a drill's `[mutation] survivors` entry gives as `mutant`."""

    id: str
    kind: str  # operator, comparison, constant, slice, keyword, dtype, arguments, function, call
    line: int
    old: str  # the changed line(s) before, stripped
    new: str  # and after
    source: str

    @property
    def diff(self) -> str:
        return f"line {self.line}: - {self.old} / + {self.new}"


# A change: what it does (for the id), and how it rewrites a copy of the site's node (returning the
# node that takes the site's place).
_Change = tuple[str, str, Callable[[ast.AST], ast.AST]]


def mutants(source: str) -> list[Mutant]:
    """Every mutant of `source`, in the order of their sites; none when it does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found: dict[str, Mutant] = {}
    parents = _parent_map(tree)
    for index, node in enumerate(ast.walk(tree)):
        for kind, what, change in _changes(node, parents):
            mutant = _splice(source, tree, index, node, kind, what, change)
            if mutant is not None and mutant.source != source:
                found.setdefault(mutant.id, mutant)
    return sorted(found.values(), key=lambda m: (m.line, m.id))


def _parent_map(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def _skipped(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Imports, signatures (annotations and defaults), decorators and docstrings are not the
    computation; nothing inside them is mutated."""
    child, parent = node, parents.get(node)
    while parent is not None:
        if isinstance(parent, (ast.Import, ast.ImportFrom, ast.arguments, ast.JoinedStr)):
            return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
            child is parent.returns or child in parent.decorator_list
        ):
            return True
        if isinstance(parent, ast.AnnAssign) and child is parent.annotation:
            return True
        child, parent = parent, parents.get(parent)
    return False


def _changes(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> Iterator[_Change]:
    if not isinstance(node, (ast.expr, ast.AugAssign)) or _skipped(node, parents):
        return
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _OPERATORS:
        swapped = _OPERATORS[type(node.op)]()
        yield ("operator", f"{_symbol(node.op).strip()} -> {_symbol(swapped).strip()}", _set("op", swapped))
    elif isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for other in _COMPARISONS.get(type(op), ()):
                yield ("comparison", f"{_symbol(op)} -> {_symbol(other())}", _set_cmp(i, other))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert, ast.Not)):
        operand = node.operand
        if not (isinstance(node.op, ast.USub) and isinstance(operand, ast.Constant)):
            yield ("operator", f"drop {_symbol(node.op).strip()!r}", lambda n: n.operand)  # type: ignore[attr-defined]
    elif isinstance(node, ast.Constant):
        yield from _constant(node, parents.get(node))
    elif isinstance(node, ast.Slice):
        for bound in ("lower", "upper"):
            value = getattr(node, bound)
            if value is not None and not _is_number(value):
                yield ("slice", f"{bound} bound +1", _shift(bound, ast.Add))
                yield ("slice", f"{bound} bound -1", _shift(bound, ast.Sub))
    elif isinstance(node, ast.Call):
        yield from _call(node)
    elif isinstance(node, ast.Attribute):
        yield from _attribute(node, parents.get(node))
    elif isinstance(node, ast.Subscript):
        yield from _index(node)


def _in_place(edit: Callable[[Any], object]) -> Callable[[ast.AST], ast.AST]:
    """The change that edits the site's copy where it stands (`edit`), so it stays the site."""

    def change(n: ast.AST) -> ast.AST:
        edit(n)
        return n

    return change


def _set_cmp(i: int, other: type[ast.cmpop]) -> Callable[[ast.AST], ast.AST]:
    return _in_place(lambda n: n.ops.__setitem__(i, other()))


def _shift(bound: str, op: type[ast.operator]) -> Callable[[ast.AST], ast.AST]:
    return _in_place(lambda n: setattr(n, bound, ast.BinOp(getattr(n, bound), op(), ast.Constant(1))))


def _constant(node: ast.Constant, parent: ast.AST | None) -> Iterator[_Change]:
    value = node.value
    if isinstance(value, bool):
        yield (
            "keyword" if isinstance(parent, ast.keyword) else "constant",
            f"{value} -> {not value}",
            _set("value", not value),
        )
    elif isinstance(value, int):
        yield ("constant", f"{value} -> {value + 1}", _set("value", value + 1))
        yield ("constant", f"{value} -> {value - 1}", _set("value", value - 1))
    elif isinstance(value, float):
        yield ("constant", f"{value!r} -> {value + 1!r}", _set("value", value + 1))
    elif isinstance(value, str) and value in _WORDS:
        yield ("constant", f"{value!r} -> {_WORDS[value]!r}", _set("value", _WORDS[value]))


def _set(field: str, new: object) -> Callable[[ast.AST], ast.AST]:
    """The site's `field` (its operator, value or attribute name) set to `new`."""
    return _in_place(lambda n: setattr(n, field, new))


def _call(node: ast.Call) -> Iterator[_Change]:
    yield from _dropped_call(node)
    for i, keyword in enumerate(node.keywords):
        if keyword.arg is not None and keyword.arg not in _PLACEMENT_KEYWORDS:
            yield ("keyword", f"drop {keyword.arg}=", _drop_keyword(i))
        if keyword.arg in ("axis", "dim"):
            yield from _axis(keyword, i)
    positional = node.args
    for i in range(len(positional) - 1):
        first, second = positional[i], positional[i + 1]
        plain = not isinstance(first, ast.Starred) and not isinstance(second, ast.Starred)
        if plain and ast.dump(first) != ast.dump(second):
            yield ("arguments", f"swap arguments {i + 1} and {i + 2}", _swap(i))


def _dropped_call(node: ast.Call) -> Iterator[_Change]:
    """A step forgotten: a method's call dropped for its receiver (`y.squeeze(1)` -> `y`,
    `.to(x.dtype)`, `.sqrt()`), a library function's for its first argument (`np.sqrt(x)` -> `x`)."""
    callee = node.func
    if not isinstance(callee, ast.Attribute):
        return
    if _module_path(callee.value):
        first = node.args[0] if node.args else None
        if first is not None and not isinstance(first, (ast.Starred, ast.Constant, ast.Tuple, ast.List)):
            yield ("call", f"drop {callee.attr}()", lambda n: n.args[0])  # type: ignore[attr-defined]
    else:
        yield ("call", f"drop .{callee.attr}()", lambda n: n.func.value)  # type: ignore[attr-defined]


def _module_path(node: ast.expr) -> bool:
    """Whether `node` names a library module (`torch`, `np`, `torch.nn.functional`, `F`)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id in _MODULE_NAMES


def _axis(keyword: ast.keyword, i: int) -> Iterator[_Change]:
    """`axis=`/`dim=` moved to the first and the last axis: the near miss of a reduction along
    the wrong one (a literal axis is also moved by one, as any constant)."""
    for other in (0, -1):
        if not (isinstance(keyword.value, ast.Constant) and keyword.value.value == other) and not (
            other == -1 and ast.dump(keyword.value) == ast.dump(ast.UnaryOp(ast.USub(), ast.Constant(1)))
        ):
            yield ("axis", f"{keyword.arg}= -> {other}", _keyword_value(i, other))


def _keyword_value(i: int, value: int) -> Callable[[ast.AST], ast.AST]:
    literal: ast.expr = ast.Constant(abs(value))
    written = ast.UnaryOp(ast.USub(), literal) if value < 0 else literal
    return _in_place(lambda n: setattr(n.keywords[i], "value", written))


def _index(node: ast.Subscript) -> Iterator[_Change]:
    """An index that is a name (`x[i]`, `x[i, j]`) moved by one: the off-by-one of a row."""
    index = node.slice
    items = list(index.elts) if isinstance(index, ast.Tuple) else [index]
    for position, item in enumerate(items):
        if isinstance(item, ast.Name):
            for op, sign in ((ast.Add, "+"), (ast.Sub, "-")):
                yield (
                    "index",
                    f"index {item.id} {sign} 1",
                    _move_index(position, op, isinstance(index, ast.Tuple)),
                )


def _move_index(position: int, op: type[ast.operator], in_tuple: bool) -> Callable[[ast.AST], ast.AST]:
    def change(n: ast.AST) -> ast.AST:
        subscript: ast.Subscript = n  # type: ignore[assignment]
        if in_tuple:
            tup: ast.Tuple = subscript.slice  # type: ignore[assignment]
            tup.elts[position] = ast.BinOp(tup.elts[position], op(), ast.Constant(1))
        else:
            subscript.slice = ast.BinOp(subscript.slice, op(), ast.Constant(1))
        return subscript

    return change


def _drop_keyword(i: int) -> Callable[[ast.AST], ast.AST]:
    return _in_place(lambda n: n.keywords.pop(i))


def _swap(i: int) -> Callable[[ast.AST], ast.AST]:
    """Arguments i and i + 1 swapped: the second taken out and put back before the first."""
    return _in_place(lambda n: n.args.insert(i, n.args.pop(i + 1)))


def _attribute(node: ast.Attribute, parent: ast.AST | None) -> Iterator[_Change]:
    called = isinstance(parent, ast.Call) and parent.func is node
    if isinstance(node.value, ast.Name) and not called and node.attr in _DTYPES:
        yield ("dtype", f"{node.attr} -> {_DTYPES[node.attr]}", _set("attr", _DTYPES[node.attr]))
    elif called and node.attr in _CAST_METHODS and isinstance(parent, ast.Call) and not parent.args:
        cast = _CAST_METHODS[node.attr]
        yield ("dtype", f".{node.attr}() -> .{cast}()", _set("attr", cast))
    elif called and node.attr in _FUNCTIONS:
        yield ("function", f"{node.attr} -> {_FUNCTIONS[node.attr]}", _set("attr", _FUNCTIONS[node.attr]))


def _splice(
    source: str,
    tree: ast.Module,
    index: int,
    node: ast.AST,
    kind: str,
    what: str,
    change: Callable[[ast.AST], ast.AST],
) -> Mutant | None:
    """The source with the site's text replaced by the changed node's, if it parses to exactly the
    intended tree (first as is, then in parentheses)."""
    mutated = copy.deepcopy(tree)
    site = list(ast.walk(mutated))[index]
    parents = _parent_map(mutated)
    replacement = change(site)
    if replacement is not site:
        _replace_child(parents[site], site, replacement)
    wanted = ast.dump(mutated)
    lines = source.splitlines(keepends=True)
    start = _offset(lines, node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = _offset(lines, node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    text = ast.unparse(replacement)
    for candidate in (text, f"({text})"):
        changed = source[:start] + candidate + source[end:]
        try:
            if ast.dump(ast.parse(changed)) != wanted:
                continue
        except SyntaxError:
            continue
        line = node.lineno  # type: ignore[attr-defined]
        last = node.end_lineno  # type: ignore[attr-defined]
        old = " ".join(s.strip() for s in lines[line - 1 : last])
        new_last = last + candidate.count("\n") - source[start:end].count("\n")
        new = " ".join(s.strip() for s in changed.splitlines()[line - 1 : new_last])
        col = node.col_offset  # type: ignore[attr-defined]
        return Mutant(f"{line}:{col} {kind}: {what}", kind, line, old, new, changed)
    return None


def _replace_child(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for name, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, name, new)
        elif isinstance(value, list):
            parent_list: list[ast.AST] = value
            for i, item in enumerate(parent_list):
                if item is old:
                    parent_list[i] = new


def _offset(lines: list[str], line: int, col: int) -> int:
    """A character offset into the source from an ast position (whose column counts UTF-8 bytes)."""
    before = sum(len(s) for s in lines[: line - 1])
    return before + len(lines[line - 1].encode()[:col].decode(errors="ignore"))


def _is_number(node: ast.AST) -> bool:
    """A constant bound (or its negation): the constant mutation already moves it by one."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float))


def _symbol(op: ast.cmpop | ast.unaryop | ast.operator) -> str:
    """The operator as written, from the unparser itself."""
    if isinstance(op, ast.cmpop):
        return ast.unparse(ast.Compare(ast.Name("a"), [op], [ast.Name("b")]))[2:-2]
    if isinstance(op, ast.unaryop):
        return ast.unparse(ast.UnaryOp(op, ast.Name("a")))[:-1]
    return ast.unparse(ast.BinOp(ast.Name("a"), op, ast.Name("b")))[2:-2]
