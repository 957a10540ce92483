"""What a loop walks: a tensor's elements, its positions, or its values copied into a Python list.

Only such loops are the lint's business. A loop over a list of file names, of layers or of
batches from a loader is how Python code is written, and none of them is reported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from vecdrill.gate.rules import NUMPY_ITERATORS
from vecdrill.lint.tensors import Facts, one_kind

ELEMENTS, INDICES, HOST = "elements", "indices", "host"
_FACTORIES = frozenset({"arange", "linspace", "logspace", "tensor", "as_tensor", "array", "asarray"})


@dataclass(frozen=True)
class Iteration:
    """A loop over tensor data: what it walks (`ELEMENTS`, `INDICES` or `HOST`: the values of
    `x.tolist()`), the tensor's kind, and the names the loop binds to positions and to elements."""

    walks: str
    kind: str
    index_names: frozenset[str]
    element_names: frozenset[str]
    # True when only the body says what `range(n)` walks (it indexes a tensor with the position):
    # enough for a body of plain arithmetic, not to call every sync in it one per element.
    by_use: bool = False

    @property
    def names(self) -> frozenset[str]:
        return self.index_names | self.element_names


def iteration(
    target: ast.expr, source: ast.expr, facts: Facts, body: list[ast.AST], lists: frozenset[str] = frozenset()
) -> Iteration | None:
    """How `for target in source:` walks tensor data, or None when it walks something else
    (`lists`: names that an enclosing `isinstance` test shows to hold a list or a tuple)."""
    walked_names = [source, *source.args] if isinstance(source, ast.Call) else [source]
    if any(isinstance(name, ast.Name) and name.id in lists for name in walked_names):
        return None
    walked = _walked(source, facts, body, target)
    if walked is None:
        return None
    walks, kind, positions = walked
    names = _target_names(target)
    if positions == "all":
        by_use = isinstance(source, ast.Call) and not _is_size_range(source, facts)
        return Iteration(walks, kind, frozenset(names), frozenset(), by_use)
    if positions == "first":  # enumerate and ndenumerate: (position, element)
        if not (isinstance(target, ast.Tuple) and len(target.elts) == 2):
            return None
        index = _target_names(target.elts[0])
        return Iteration(walks, kind, frozenset(index), frozenset(names - index))
    return Iteration(walks, kind, frozenset(), frozenset(names))


def _walked(
    source: ast.expr, facts: Facts, body: list[ast.AST], target: ast.expr
) -> tuple[str, str, str] | None:
    """(what is walked, the tensor's kind, which names are positions: "all", "first" or "none")."""
    host = _host_kind(source, facts)
    if host is not None:
        return HOST, host, "none"
    kind = facts.kind(source)
    if kind is not None and not _made_here(source, facts) and not facts.is_from_python(source):
        return ELEMENTS, kind, "none"
    if not isinstance(source, ast.Call):
        return None
    dotted = facts.aliases.dotted(source.func)
    if dotted in NUMPY_ITERATORS and source.args:
        inner = source.args[0]
        measured = facts.kind(inner) or _shape_kind(inner, facts)
        if measured is None:
            return None
        positions = {"numpy.ndindex": "all", "numpy.ndenumerate": "first"}.get(dotted, "none")
        return (ELEMENTS if positions != "all" else INDICES), measured, positions
    if not isinstance(source.func, ast.Name) or source.keywords:
        return None
    builtin, args = source.func.id, source.args
    if builtin == "range" and 1 <= len(args) <= 2:
        stop = args[-1]
        if isinstance(stop, ast.Constant):
            return None  # range(3): a fixed, small count, not a walk over data
        kind = facts.size_of(stop) or _indexes_a_tensor(target, body, facts)
        return (INDICES, kind, "all") if kind is not None else None
    if any(facts.is_from_python(arg) for arg in args):
        return None  # enumerate(np.asarray(spacing)): a few settings, not data
    if builtin == "enumerate" and len(args) == 1:
        inner = args[0]
        host = _host_kind(inner, facts)
        kind = host or facts.kind(inner)
        return ((HOST if host else ELEMENTS), kind, "first") if kind is not None else None
    if builtin == "zip" and args:
        host = one_kind({_host_kind(arg, facts) for arg in args})
        if host is not None:
            return HOST, host, "none"
        kind = one_kind({facts.kind(arg) for arg in args})
        if kind is not None:
            return ELEMENTS, kind, "none"
    return None


def _is_size_range(source: ast.Call, facts: Facts) -> bool:
    return (
        isinstance(source.func, ast.Name)
        and source.func.id == "range"
        and (facts.size_of(source.args[-1]) is not None)
    )


def _made_here(source: ast.expr, facts: Facts) -> bool:
    """True for `torch.linspace(...)` and the like written in the loop's header: a schedule of a
    few values made on the spot, not data."""
    dotted = facts.aliases.dotted(source.func) if isinstance(source, ast.Call) else None
    return dotted is not None and dotted.rpartition(".")[2] in _FACTORIES


def _host_kind(source: ast.expr, facts: Facts) -> str | None:
    """The kind of `x` in `x.tolist()`: a loop over a tensor's values copied to Python."""
    if (
        isinstance(source, ast.Call)
        and isinstance(source.func, ast.Attribute)
        and source.func.attr == "tolist"
        and not source.args
    ):
        return facts.kind(source.func.value)
    return None


def _shape_kind(node: ast.expr, facts: Facts) -> str | None:
    """The kind of `x` in `x.shape` (what np.ndindex is usually given)."""
    if isinstance(node, ast.Attribute) and node.attr == "shape":
        return facts.kind(node.value)
    return None


def _indexes_a_tensor(target: ast.expr, body: list[ast.AST], facts: Facts) -> str | None:
    """For `for i in range(n)` with an `n` of unknown origin: the kind of a tensor that the body
    indexes with `i` first (`x[i]`, `x[i, j]`), so the loop walks that tensor's positions."""
    if not isinstance(target, ast.Name):
        return None
    for statement in body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Subscript) and _first_index_is(node.slice, target.id):
                kind = facts.kind(node.value)
                if kind is not None:
                    return kind
    return None


def _first_index_is(index: ast.expr, name: str) -> bool:
    first = index.elts[0] if isinstance(index, ast.Tuple) and index.elts else index
    return isinstance(first, ast.Name) and first.id == name


def _target_names(target: ast.expr) -> set[str]:
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return {name for element in target.elts for name in _target_names(element)}
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return set()
