"""What limits a drill's best solution, and how much work it must at least do: `[efficiency]`.

A vectorized solution is as fast as the machine allows when it moves no more bytes than it must
(memory-bound: most drills) or does no more arithmetic than it must (compute-bound: a matrix
product). The report sets the least work over the solution's time against this machine's measured
limit. By default a drill is memory-bound and its least traffic is its inputs read once and its
outputs written once, at the benchmark size; an author states otherwise in drill.toml:

    [efficiency]
    bound = "compute"                 # or "memory" (the default)
    flops = "2 * N * D * O"           # required with bound = "compute"
    bytes = "4 * (N * D + D * O)"     # optional: the least traffic, where inputs + outputs is wrong

Expressions are arithmetic (+ - * / // ** and parentheses) over numbers and the drill's
dimension names, evaluated at the benchmark size. Pure standard library, as `content.drill` is.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vecdrill.errors import DrillError

BOUNDS = ("memory", "compute")
KEYS: dict[str, tuple[type, ...]] = {"bound": (str,), "bytes": (str,), "flops": (str,)}
_OPERATORS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Pow: operator.pow,
}


@dataclass(frozen=True)
class EfficiencySpec:
    """The `[efficiency]` table: the bound, and the least traffic or arithmetic as expressions
    (None: the traffic is the inputs and outputs at the benchmark size)."""

    bound: str = "memory"
    bytes: str | None = None
    flops: str | None = None

    def work_at(self, size: dict[str, int]) -> float | None:
        """The least bytes (memory-bound) or flops (compute-bound) a call does at `size`; None for
        a memory-bound drill that states no bytes (the measured inputs and outputs count)."""
        expression = self.flops if self.bound == "compute" else self.bytes
        return None if expression is None else evaluate(expression, size)


def parse(where: str, raw: dict[str, Any], dims: set[str], bench: dict[str, int]) -> EfficiencySpec:
    """The table as given, checked: a known bound, flops for a compute-bound drill and only then,
    and each expression a positive finite number of the drill's dimensions at `bench`."""
    bound = raw.get("bound", "memory")
    if bound not in BOUNDS:
        raise DrillError(where, f"efficiency.bound = {bound!r}; use 'memory' or 'compute'")
    if bound == "compute" and "flops" not in raw:
        raise DrillError(
            where,
            "efficiency.bound = 'compute' needs efficiency.flops, the least arithmetic a call does, "
            'such as flops = "2 * N * D * O" for an (N, D) @ (D, O) product',
        )
    if bound == "memory" and "flops" in raw:
        raise DrillError(
            where, "efficiency.flops counts only for bound = 'compute'; remove it or set that bound"
        )
    for key in ("bytes", "flops"):
        if key in raw:
            _check_expression(where, key, raw[key], dims, bench)
    return EfficiencySpec(bound, raw.get("bytes"), raw.get("flops"))


def evaluate(expression: str, size: dict[str, int]) -> float:
    """The expression's value at `size` (ValueError for anything but the arithmetic allowed)."""
    return float(_value(ast.parse(expression, mode="eval").body, size))


def _check_expression(where: str, key: str, expression: str, dims: set[str], bench: dict[str, int]) -> None:
    example = "'2 * N * D * O'" if key == "flops" else "'4 * (N * D + D * O)'"
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError as exc:
        raise DrillError(
            where,
            f"efficiency.{key} = {expression!r} does not parse ({exc.msg}); write arithmetic of the "
            f"dimensions such as {example}",
        ) from None
    unknown = sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} - dims)
    if unknown:
        raise DrillError(
            where,
            f"efficiency.{key} = {expression!r} names {', '.join(map(repr, unknown))}, which is no "
            f"dimension of the inputs; use {', '.join(sorted(dims)) or 'numbers only'}",
        )
    try:
        value = evaluate(expression, bench)
    except (ValueError, ZeroDivisionError, OverflowError) as exc:
        raise DrillError(
            where,
            f"efficiency.{key} = {expression!r} cannot be computed at the bench size ({exc}); "
            f"use + - * / // ** and parentheses, as in {example}",
        ) from None
    if not (math.isfinite(value) and value > 0):
        raise DrillError(
            where,
            f"efficiency.{key} = {expression!r} is {value:g} at the bench size {bench}; it should "
            "count the work of one call there, a positive number",
        )


def _value(node: ast.expr, size: dict[str, int]) -> float | int:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, (int, float))
        and not isinstance(node.value, bool)
    ):
        return node.value
    if isinstance(node, ast.Name) and node.id in size:
        return size[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _value(node.left, size), _value(node.right, size)
        if isinstance(node.op, ast.Pow) and abs(right) > 64:
            raise ValueError("an exponent above 64")
        return _OPERATORS[type(node.op)](left, right)  # type: ignore[no-any-return]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        value = _value(node.operand, size)
        return value if isinstance(node.op, ast.UAdd) else -value
    raise ValueError(f"{ast.unparse(node)!r} is not allowed")
