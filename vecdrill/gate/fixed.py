"""Loops whose count is written in the source: fixed, so never an element loop.

Eight neighbour offsets, three colour channels, two shifts of a window: a loop over a list or
tuple written out in the file, or over `range(K)` with a number K, runs the same few times whatever
the input size, each time on whole tensors or arrays (a name bound once to such a collection counts
as the collection). That is judgement, not a loop to remove, so
the gate lets it through: a `for` statement, a comprehension or generator, or a builtin that
iterates (`sum`, `max`, `zip`, ...), whose every iterable is such a collection of at most the
drill's `fixed_loops` items (16 unless the drill says otherwise; 0 allows none). The run-time probe
still counts the work at two sizes, so a loop that only looks fixed cannot hide there.
"""

from __future__ import annotations

import ast

from vecdrill.gate.rules import COMPREHENSIONS, GateRules


def literal_names(module: ast.Module) -> dict[str, int]:
    """Names bound once in the file, to a written collection (`offsets = ((0, 1), (1, 0))`), with
    its length: iterating one is iterating the collection. A name bound anywhere else too (another
    assignment, a parameter, a loop target, an import), and a list or set whose contents the file
    may change (`outs.append`, `outs[i] = ...`), is left out."""
    bindings: dict[str, list[ast.AST]] = {}
    changed: set[str] = set()
    for node in ast.walk(module):
        for name in _bound(node):
            bindings.setdefault(name, []).append(node)
        mutable_place = isinstance(node, ast.Attribute) or (
            isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load)
        )
        if mutable_place and isinstance(node.value, ast.Name):  # type: ignore[attr-defined]
            changed.add(node.value.id)  # type: ignore[attr-defined]
    assigned: dict[ast.AST, ast.expr] = {
        node.targets[0]: node.value
        for node in ast.walk(module)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    }
    found = {}
    for name, places in bindings.items():
        value = assigned.get(places[0]) if len(places) == 1 else None
        immutable = isinstance(value, ast.Tuple)
        if immutable or (isinstance(value, (ast.List, ast.Set)) and name not in changed):
            length = count(value)  # type: ignore[arg-type]
            if length is not None:
                found[name] = length
    return found


def _bound(node: ast.AST) -> list[str]:
    """The names `node` binds: a store or delete, a parameter, a definition, an import, a handler."""
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.ExceptHandler) and node.name:
        return [node.name]
    if isinstance(node, ast.alias):
        return [node.asname or node.name.split(".")[0]]
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return list(node.names)
    return []


def count(node: ast.expr, names: dict[str, int] | None = None) -> int | None:
    """How many items iterating `node` gives, if the source says so: a literal list, tuple or set
    (no unpacking), a name bound once to one (`names`), `range` of number literals, or enumerate,
    zip or reversed of those."""
    if isinstance(node, ast.Name) and names is not None:
        return names.get(node.id)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return None if any(isinstance(item, ast.Starred) for item in node.elts) else len(node.elts)
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.keywords:
        return None
    if node.func.id == "range":
        bounds = [_integer(arg) for arg in node.args]
        if not 1 <= len(bounds) <= 3 or any(bound is None for bound in bounds):
            return None
        return len(range(*bounds))  # type: ignore[arg-type]
    if node.func.id in ("enumerate", "reversed") and len(node.args) == 1:
        return count(node.args[0], names)
    if node.func.id == "zip" and node.args:
        counts = [count(arg, names) for arg in node.args]
        return None if None in counts else min(c for c in counts if c is not None)
    return None


def within(rules: GateRules, node: ast.expr, names: dict[str, int]) -> bool:
    """True for an iterable with a written count within the drill's allowance."""
    found = count(node, names)
    return found is not None and found <= rules.fixed_loops


def is_fixed(rules: GateRules, node: ast.AST, names: dict[str, int]) -> bool:
    """True for a `for` statement, a comprehension or an iterating builtin's call whose iterables
    all have a written count within the drill's allowance (a comprehension of several `for`s:
    their product, the most items it gives)."""
    counts: list[int | None]
    if isinstance(node, (ast.For, ast.AsyncFor)):
        counts = [count(node.iter, names)]
    elif isinstance(node, COMPREHENSIONS):
        counts = [_product(node, names)]
    elif isinstance(node, ast.Call) and node.args and not node.keywords:
        counts = [
            _product(arg, names) if isinstance(arg, COMPREHENSIONS) else count(arg, names)
            for arg in node.args
        ]
    else:
        return False
    return all(found is not None and found <= rules.fixed_loops for found in counts)


def _product(
    node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp, names: dict[str, int]
) -> int | None:
    total = 1
    for generator in node.generators:
        found = count(generator.iter, names)
        if found is None:
            return None
        total *= found
    return total


def _integer(node: ast.expr) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _integer(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None
