"""The run-time half of an allow-list: which aten operations the allowed names can dispatch.

The static gate judges what a solution names; a computed name (`getattr(torch, name)`) or a
reference the gate cannot resolve still reaches torch's dispatcher, where the child's op watch sees
it (child/counting.py). An operation is allowed when one of these makes it:

- the drill's reference solution at the probe sizes: it obeys the list (dev check runs it through
  the gate), so whatever it dispatches is reachable with allowed names, decompositions included;
- an allowed call or method, by name: `torch.where` and `Tensor.where` allow `aten.where.*` (and
  the in-place `where_`), with a few renames below (`torch.where(c)` is `nonzero`);
- an allowed operator, through the table below (measured on torch 2.x: `@` on 1-D to 4-D operands,
  `[]` with ints, slices, None, masks and index tensors, scalars on either side);
- operations that never compute an answer: views, copies, dtype casts, empty and scalar tensors.

A name outside all four is `forbidden`, with the solution's line. Sound in both directions as far
as it goes: an operation appears in the set only through an allowed name, and a solution written
with allowed names makes only operations their calls make (the table errs on the side of more).
"""

from __future__ import annotations

from vecdrill.content.drill import Drill
from vecdrill.gate.allow import EVERYTHING_ELSE
from vecdrill.gate.rules import reason_for
from vecdrill.messages import Message, message

NEVER_COMPUTE = frozenset(
    {
        *("view", "_unsafe_view", "_reshape_alias", "reshape", "expand", "alias", "as_strided"),
        *("t", "transpose", "permute", "unsqueeze", "squeeze", "unsqueeze_", "squeeze_"),
        *("slice", "select", "unbind", "split", "split_with_sizes", "contiguous", "detach"),
        *("clone", "copy_", "_to_copy", "lift_fresh", "lift_fresh_copy", "scalar_tensor"),
        *("empty", "empty_like", "empty_strided", "resolve_conj", "resolve_neg", "_conj"),
    }
)
OPERATOR_OPS: dict[str, frozenset[str]] = {
    "+": frozenset({"add", "positive"}),
    "-": frozenset({"sub", "rsub", "neg"}),
    "*": frozenset({"mul"}),
    "/": frozenset({"div", "reciprocal", "mul"}),
    "//": frozenset({"floor_divide", "div", "add"}),
    "%": frozenset({"remainder", "fmod"}),
    "**": frozenset({"pow", "square", "sqrt", "reciprocal", "mul"}),
    "@": frozenset({"mm", "bmm", "mv", "dot", "matmul", "vdot"}),
    "&": frozenset({"bitwise_and", "logical_and", "__and__"}),
    "|": frozenset({"bitwise_or", "logical_or", "__or__"}),
    "^": frozenset({"bitwise_xor", "logical_xor", "__xor__"}),
    "~": frozenset({"bitwise_not", "logical_not"}),
    "<<": frozenset({"bitwise_left_shift", "__lshift__"}),
    ">>": frozenset({"bitwise_right_shift", "__rshift__"}),
    "<": frozenset({"lt", "gt"}),
    "<=": frozenset({"le", "ge"}),
    ">": frozenset({"gt", "lt"}),
    ">=": frozenset({"ge", "le"}),
    "==": frozenset({"eq"}),
    "!=": frozenset({"ne"}),
    "in": frozenset({"eq", "any"}),
    "[]": frozenset({"index", "index_select", "masked_select", "nonzero"}),
    "[]=": frozenset({"index_put", "_index_put_impl", "masked_fill", "fill", "masked_scatter"}),
}
# Calls whose aten operations are not named after them.
RENAMED: dict[str, frozenset[str]] = {
    "where": frozenset({"where", "nonzero"}),
    "clamp": frozenset({"clamp", "clamp_min", "clamp_max"}),
    "clip": frozenset({"clamp", "clamp_min", "clamp_max"}),
    "matmul": OPERATOR_OPS["@"],
    "max": frozenset({"max", "amax", "maximum"}),
    "min": frozenset({"min", "amin", "minimum"}),
    "int": frozenset({"_local_scalar_dense"}),
    "float": frozenset({"_local_scalar_dense"}),
    "bool": frozenset({"_local_scalar_dense"}),
}


def allowed_ops(drill: Drill, reference_ops: dict[str, int | None]) -> frozenset[str]:
    """Operation names (`aten.where`) the allowed names can dispatch, for this drill."""
    names: set[str] = set(NEVER_COMPUTE)
    for entry in drill.allowed or ():
        base = entry.name.rsplit(".", 1)[-1]
        names |= OPERATOR_OPS.get(entry.name, RENAMED.get(base, frozenset({base})))
    with_inplace = names | {f"{name}_" for name in names}
    return frozenset(f"aten.{name}" for name in with_inplace) | frozenset(reference_ops)


def outside_message(
    drill: Drill, file: str, ops: dict[str, int | None], allowed: frozenset[str]
) -> Message | None:
    """The sentence for the first operation (by line) outside `allowed`, or None when all are in."""
    outside = sorted(
        ((line or 0, op) for op, line in ops.items() if op not in allowed),
        key=lambda item: (item[0] == 0, item),
    )
    if not outside:
        return None
    line, op = outside[0]
    place = f"{file}:{line} " if line else f"{file}: "
    listed = ", ".join(e.name for e in drill.allowed or () if e.name != EVERYTHING_ELSE)
    why = reason_for(drill.allowed or (), EVERYTHING_ELSE) or message("verdict", "only_allowed", names=listed)
    return message("verdict", "outside_allowed", place=place, op=op, why=why)
