"""Loops in disguise: numpy's per-element helpers, `Tensor.apply_`, and Python's own iteration
(`map`, `sum`, `max`, `sorted`, comprehensions) run over a tensor's elements.

The gate forbids each of these in a drill's solution (gate/rules.py keeps the tables); the lint
reports them only where they walk a tensor or an array, which the file's own names show.
"""

from __future__ import annotations

import ast

from vecdrill.gate.messages import way
from vecdrill.gate.rules import (
    ITERATING_BUILTINS,
    MAPPING_BUILTINS,
    NUMPY_PER_ELEMENT,
    PER_ELEMENT_METHODS,
)
from vecdrill.lint.tensors import NUMPY, TORCH, Facts
from vecdrill.messages import Message

# numpy's helpers that call a Python function once per element or per row. The gate's table also
# holds np.fromiter (it consumes an iterator built elsewhere, which a loop rule reports),
# np.piecewise (its functions get whole sub-arrays) and np.apply_over_axes (whole arrays, once
# per axis): none of them is slow in real code.
PER_ELEMENT_HELPERS = NUMPY_PER_ELEMENT - {"numpy.fromiter", "numpy.piecewise", "numpy.apply_over_axes"}
# The iterating builtins that reduce or order the values they walk (`list(t)` and `zip` walk
# without computing, which loop rules judge where they lead).
REDUCING_BUILTINS = ITERATING_BUILTINS & frozenset({"sum", "any", "all", "min", "max", "sorted"})


def helper_call(node: ast.expr, facts: Facts) -> str | None:
    """`np.vectorize(f)` (also as a decorator), `np.apply_along_axis(...)`, `x.apply_(f)` on a
    tensor `x`: the name to show, else None."""
    func = node.func if isinstance(node, ast.Call) else node
    dotted = facts.aliases.dotted(func)
    if dotted in PER_ELEMENT_HELPERS:
        return "np." + dotted.removeprefix("numpy.")
    if (
        isinstance(node, ast.Call)
        and isinstance(func, ast.Attribute)
        and func.attr in PER_ELEMENT_METHODS
        and facts.kind(func.value) is not None
    ):
        return f".{func.attr}()"
    return None


def builtin_over_tensor(call: ast.Call, facts: Facts) -> tuple[str, str] | None:
    """`sum(t)`, `max(t)`, `sorted(t)`, `map(f, t)` with `t` a tensor: (the builtin, the kind)."""
    if not isinstance(call.func, ast.Name) or (call.keywords and call.func.id != "sorted"):
        return None
    name = call.func.id
    if name in REDUCING_BUILTINS and len(call.args) == 1:
        kind = facts.kind(call.args[0])
    elif name in MAPPING_BUILTINS and len(call.args) == 2:
        kind = facts.kind(call.args[1])
    else:
        return None
    return (name, kind) if kind is not None else None


def replacement(name: str, kind: str) -> Message:
    """What the builtin becomes on a whole tensor or array, as the gate says it."""
    return way(name, NUMPY if kind == NUMPY else TORCH)
