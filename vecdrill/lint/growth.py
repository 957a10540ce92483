"""Tensors built a piece per step: grown by `cat` in a loop, or stacked from one-element tensors.

`out = torch.cat([out, row])` copies everything gathered so far at every step, so n steps copy
n * n / 2 rows; appending to a list and calling `cat` once after the loop copies each row once.
`torch.tensor(v)` per element then `stack` makes n tiny tensors (n allocations and, on a GPU, n
copies) for what one `torch.tensor(values)` or one tensor operation makes at once.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator

from vecdrill.lint.imports import Aliases

_GROWING = frozenset(
    {
        *("torch.cat", "torch.concat", "torch.concatenate", "torch.vstack", "torch.hstack"),
        *("torch.row_stack", "torch.column_stack", "torch.dstack"),
        *("numpy.concatenate", "numpy.vstack", "numpy.hstack", "numpy.row_stack", "numpy.column_stack"),
        *("numpy.dstack", "numpy.append"),
    }
)
# What joins a list of pieces into one tensor or array after the loop.
JOINING = _GROWING - {"numpy.append"} | {"torch.stack", "numpy.stack", "numpy.array", "numpy.asarray"}
_SCALAR_TENSORS = frozenset({"torch.tensor", "torch.as_tensor", "torch.Tensor", "numpy.array"})
# A loop over the batches of a data loader: growing a result by `cat` there is the common case.
_LOADER = re.compile(r"loader|dataset", re.IGNORECASE)


def grown(statement: ast.Assign, aliases: Aliases) -> str | None:
    """The name in `name = torch.cat([name, piece])` (or np.concatenate, np.append), else None."""
    if len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
        return None
    name = statement.targets[0].id
    call = statement.value
    if not isinstance(call, ast.Call) or not call.args or aliases.dotted(call.func) not in _GROWING:
        return None
    first = call.args[0]
    pieces = first.elts if isinstance(first, (ast.List, ast.Tuple)) else [first]
    if aliases.dotted(call.func) != "numpy.append" and first is pieces[0]:
        return None  # np.concatenate(parts): a list joined once
    return name if any(isinstance(p, ast.Name) and p.id == name for p in pieces) else None


def growth_in(loop: ast.For, aliases: Aliases) -> Iterator[tuple[ast.Assign, str]]:
    """Each `name = torch.cat([name, ...])` of the loop whose name the loop reads nowhere else,
    so that collecting the pieces in a list and joining them once is a drop-in fix."""
    statements = [node for node in _statements(loop.body)]
    for statement in statements:
        if not isinstance(statement, ast.Assign):
            continue
        name = grown(statement, aliases)
        if name is None:
            continue
        reads = sum(
            isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
            for other in loop.body
            for node in ast.walk(other)
        )
        if reads == 1:
            yield statement, name


def is_loader_loop(loop: ast.For) -> bool:
    """A loop over a data loader or a dataset (`for batch in val_loader:`), also through
    `enumerate` or `tqdm`: many steps, so what grows per step grows large."""
    source = loop.iter
    while isinstance(source, ast.Call) and source.args:
        source = source.args[0]
    names = [
        node.id if isinstance(node, ast.Name) else node.attr
        for node in ast.walk(source)
        if isinstance(node, (ast.Name, ast.Attribute))
    ]
    return any(_LOADER.search(name) for name in names)


def scalar_pieces(loop: ast.For, names: frozenset[str], aliases: Aliases) -> Iterator[tuple[ast.Call, str]]:
    """Each `pieces.append(torch.tensor(value))` of a loop over tensor data whose value is made of
    the loop's scalars: (the append, the list's name)."""
    values = {
        node.targets[0].id: node.value
        for node in _statements(loop.body)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    }
    for node in _statements(loop.body):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        func = call.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "append"
            and isinstance(func.value, ast.Name)
            and len(call.args) == 1
            and is_scalar_tensor(call.args[0], names, values, aliases)
        ):
            yield call, func.value.id


def is_scalar_tensor(
    node: ast.expr, names: Collection[str], values: dict[str, ast.expr], aliases: Aliases
) -> bool:
    """`torch.tensor(v)` or `torch.tensor([a, b])` of the loop's own scalars (its names, numbers,
    their indexing and arithmetic, `.item()`, or names the body computes from them): one small
    tensor made from Python values."""
    if not (isinstance(node, ast.Call) and node.args and aliases.dotted(node.func) in _SCALAR_TENSORS):
        return False
    value = node.args[0]
    parts = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
    return all(_scalar(part, names, values, 0) for part in parts)


def _scalar(node: ast.expr, names: Collection[str], values: dict[str, ast.expr], depth: int) -> bool:
    if depth > 4:
        return False
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float, bool))
    if isinstance(node, ast.Name):
        if node.id in names:
            return True
        return node.id in values and _scalar(values[node.id], names, values, depth + 1)
    if isinstance(node, ast.Subscript):
        return _scalar(node.value, names, values, depth)
    if isinstance(node, ast.BinOp):
        return _scalar(node.left, names, values, depth) and _scalar(node.right, names, values, depth)
    if isinstance(node, ast.UnaryOp):
        return _scalar(node.operand, names, values, depth)
    if isinstance(node, ast.Call) and len(node.args) <= 1 and not node.keywords:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "item" and not node.args:
            return _scalar(func.value, names, values, depth)
        if isinstance(func, ast.Name) and func.id in ("float", "int") and node.args:
            return _scalar(node.args[0], names, values, depth)
    return False


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a loop body, through `if`, `with` and `try`, not into inner loops or
    functions: a statement of an inner loop belongs to that loop."""
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.If, ast.With, ast.Try)):
            inner = [*node.body, *getattr(node, "orelse", []), *getattr(node, "finalbody", [])]
            stack.extend(reversed(inner))
