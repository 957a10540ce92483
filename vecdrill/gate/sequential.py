"""Loops the gate lets through, and scalar reads it does not.

A drill with `loop_over = "T"` teaches an honest loop: a recurrence over T, vectorized over
everything else. Its solution may use `for` and `while` statements (and range, enumerate, zip or
reversed to drive a `for`); comprehensions stay loops, since a recurrence needs a statement and
anything a comprehension builds can be built whole. Which dimension the loop runs over is the
run-time probe's question (checking/growth.py), not the gate's.

`.item()` read once (a size, a threshold) is no loop: the probe reports it as a device sync. Inside
a loop or comprehension it is per-element logic, one sync per step, and the gate says so.
"""

from __future__ import annotations

import ast

from vecdrill.gate.rules import COMPREHENSIONS, GateRules
from vecdrill.gate.scopes import Tree

ALLOWED_LOOPS = (ast.For, ast.While)
LOOP_DRIVERS = frozenset({"range", "enumerate", "zip", "reversed"})
SCALAR_READ_METHODS = frozenset({"item"})
_LOOPS = (ast.For, ast.AsyncFor, ast.While, *COMPREHENSIONS)
_BOUNDARIES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)


def allows_loop(rules: GateRules, node: ast.AST) -> bool:
    """True for a `for` or `while` statement in a drill that allows a loop over one dimension."""
    return rules.loop_over is not None and isinstance(node, ALLOWED_LOOPS)


def drives_allowed_loop(rules: GateRules, tree: Tree, node: ast.Name) -> bool:
    """True for `range` (enumerate, zip, reversed) in the header of an allowed `for`."""
    if rules.loop_over is None or node.id not in LOOP_DRIVERS:
        return False
    child: ast.AST = node
    parent = tree.parent.get(node)
    while parent is not None and not isinstance(parent, ast.stmt):
        child, parent = parent, tree.parent.get(parent)
    return isinstance(parent, ast.For) and parent.iter is child


def read_in_loop(tree: Tree, node: ast.Attribute) -> bool:
    """True for `.item` inside a loop or comprehension of the same function."""
    if node.attr not in SCALAR_READ_METHODS:
        return False
    parent = tree.parent.get(node)
    while parent is not None and not isinstance(parent, _BOUNDARIES):
        if isinstance(parent, _LOOPS):
            return True
        parent = tree.parent.get(parent)
    return False
