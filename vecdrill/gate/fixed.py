"""Loops whose count is written in the source: fixed, so never an element loop.

Eight neighbour offsets, three colour channels, two shifts of a window: a loop over a list or
tuple written out in the file, or over `range(K)` with a number K, runs the same few times whatever
the input size, each time on whole tensors or arrays. That is judgement, not a loop to remove, so
the gate lets it through: a `for` statement, a comprehension or generator, or a builtin that
iterates (`sum`, `max`, `zip`, ...), whose every iterable is such a collection of at most the
drill's `fixed_loops` items (16 unless the drill says otherwise; 0 allows none). The run-time probe
still counts the work at two sizes, so a loop that only looks fixed cannot hide there.
"""

from __future__ import annotations

import ast

from vecdrill.gate.rules import COMPREHENSIONS, GateRules

FIXED_LOOPS = 16  # the default `fixed_loops`: more items than this is no longer "a few"


def count(node: ast.expr) -> int | None:
    """How many items iterating `node` gives, if the source says so: a literal list, tuple or set
    (no unpacking), `range` of number literals, or enumerate, zip or reversed of those."""
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
        return count(node.args[0])
    if node.func.id == "zip" and node.args:
        counts = [count(arg) for arg in node.args]
        return None if None in counts else min(c for c in counts if c is not None)
    return None


def within(rules: GateRules, node: ast.expr) -> bool:
    """True for an iterable with a written count within the drill's allowance."""
    found = count(node)
    return found is not None and found <= rules.fixed_loops


def is_fixed(rules: GateRules, node: ast.AST) -> bool:
    """True for a `for` statement, a comprehension or an iterating builtin's call whose iterables
    all have a written count within the drill's allowance."""
    iterables: list[ast.expr | None]
    if isinstance(node, (ast.For, ast.AsyncFor)):
        iterables = [node.iter]
    elif isinstance(node, COMPREHENSIONS):
        iterables = [generator.iter for generator in node.generators]
    elif isinstance(node, ast.Call) and node.args and not node.keywords:
        iterables = [_inner(arg) for arg in node.args]
    else:
        return False
    return all(iterable is not None and within(rules, iterable) for iterable in iterables)


def _inner(node: ast.expr) -> ast.expr | None:
    """What a builtin's argument iterates: a fixed comprehension's own iterable stands for it."""
    if isinstance(node, COMPREHENSIONS):
        return node.generators[0].iter if len(node.generators) == 1 else None
    return node


def _integer(node: ast.expr) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _integer(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None
