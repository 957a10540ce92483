"""A drill's allow-list and body limits: what a puzzle-style solution may use, and how much of it.

With `allowed` set, every library name, method, operator and builtin a solution reaches for must be
on the list (codes F010); `max_lines` and `max_columns` bound the function's body (F011, F012).
The drill's inputs, the solution's own names and the helper drills' functions are always usable:
they are not library names. What static analysis misses (a computed name) the run-time op check
catches (child/counting.py, checking/allowed_ops.py).
"""

from __future__ import annotations

import ast
import builtins

from vecdrill.gate.messages import Problem, finding, part, said
from vecdrill.gate.rules import GateRules
from vecdrill.messages import Message
from vecdrill.result.model import Finding

OPERATORS: dict[type, str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.MatMult: "@",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.USub: "-",
    ast.UAdd: "+",
    ast.Invert: "~",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.In: "in",
    ast.NotIn: "in",
}
INDEXING = ("[]", "[]=")
EVERYTHING_ELSE = "..."  # the allow-list entry whose reason is shown for anything not on the list
OPERATOR_SYMBOLS = frozenset(OPERATORS.values()) | set(INDEXING)
BUILTIN_NAMES = frozenset(name for name in dir(builtins) if not name.startswith("_"))
# Raising an error computes nothing: a starter's `raise NotImplementedError` is usable under any list.
EXCEPTION_NAMES = frozenset(
    name
    for name in BUILTIN_NAMES
    if isinstance(getattr(builtins, name), type) and issubclass(getattr(builtins, name), BaseException)
)
# Read a tensor's metadata, never its values: usable under any allow-list.
METADATA = frozenset({"shape", "dtype", "device", "ndim"})
DTYPE_NAMES = frozenset(
    {
        *("float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"),
        *("half", "float", "double", "short", "int", "long", "complex64", "complex128"),
    }
)
_TYPES = frozenset({"torch.Tensor", "numpy.ndarray"})
_NEVER_COMPUTE = ("typing", "__future__")


class AllowList:
    """Judges names, attributes, operators and builtins against one drill's allow-list."""

    def __init__(self, rules: GateRules) -> None:
        self.allowed = rules.allowed
        self.rules = rules
        self.method_owner = "ndarray" if rules.library == "numpy" else "Tensor"
        # Modules on the way to an allowed name (`torch.nn` for `torch.nn.functional.relu`).
        self._on_the_way = frozenset(
            ".".join(parts[:end])
            for parts in (name.split(".") for name in self.allowed or ())
            for end in range(1, len(parts))
        )

    @property
    def active(self) -> bool:
        return self.allowed is not None

    def dotted_problem(self, dotted: str) -> Problem:
        """A library name such as `torch.cumsum` (or `torch.Tensor.cumsum`, judged as a method)."""
        if self.allowed is None or "." not in dotted or dotted in _TYPES or dotted in self._on_the_way:
            return None
        parts = dotted.split(".")
        if parts[0] in _NEVER_COMPUTE or (parts[0] in ("torch", "numpy") and parts[-1] in DTYPE_NAMES):
            return None
        if len(parts) == 3 and ".".join(parts[:2]) in _TYPES:
            return self.attribute_problem(parts[2])
        if any(".".join(parts[:end]) in self.allowed for end in range(2, len(parts) + 1)):
            return None
        return self._refused(part("name", name=dotted))

    def attribute_problem(self, name: str) -> Problem:
        """A method or attribute of something the gate cannot resolve, such as `x.cumsum`."""
        entry = f"{self.method_owner}.{name}"
        if self.allowed is None or name in METADATA or entry in self.allowed:
            return None
        return self._refused(part("name", name=f".{name}"))

    def builtin_problem(self, name: str) -> Problem:
        if (
            self.allowed is None
            or name not in BUILTIN_NAMES
            or name in EXCEPTION_NAMES
            or name in self.allowed
        ):
            return None
        return self._refused(part("builtin", name=name))

    def operator_problem(self, node: ast.AST) -> Problem:
        """The operator a node applies, if the allow-list lacks it. String formatting (`"%s" % x`,
        an f-string's `{x}`) is never on a list, `%` or not: formatting a tensor runs torch's
        printing, which computes on its values where the op watch cannot see (it turns dispatch
        modes off), so at run time it would read as a loop rather than as what it is."""
        if self.allowed is None:
            return None
        if formats(node):
            return self._refused(part("formatting"))
        symbol: str | None
        if isinstance(node, ast.Subscript):
            symbol = "[]" if isinstance(node.ctx, ast.Load) else "[]="
        else:
            symbol = OPERATORS.get(type(getattr(node, "op", None)))
        if symbol is None or symbol in self.allowed:
            return None
        return self._refused(part("operator", name=symbol))

    def compare_problems(self, node: ast.Compare) -> list[Problem]:
        if self.allowed is None:
            return []
        symbols = dict.fromkeys(OPERATORS[type(op)] for op in node.ops if type(op) in OPERATORS)
        return [self._refused(part("operator", name=s)) for s in symbols if s not in self.allowed]

    def _refused(self, what: Message) -> Problem:
        reason = self.rules.reason(EVERYTHING_ELSE)
        if reason is not None:
            return "F010", said("not_listed_because", what=what, reason=reason)
        listed = ", ".join(sorted(set(self.allowed or ()) - {EVERYTHING_ELSE}))
        return "F010", said("not_listed", what=what, listed=listed)


def formats(node: ast.AST) -> bool:
    """An f-string's `{value}`, or `"..." % value` (the left side a string literal or f-string)."""
    if isinstance(node, ast.FormattedValue):
        return True
    if not isinstance(node, ast.BinOp):
        return False
    left = node.left
    return isinstance(node.op, ast.Mod) and (
        isinstance(left, ast.JoinedStr)
        or (isinstance(left, ast.Constant) and isinstance(left.value, (str, bytes)))
    )


def body_limits(module: ast.Module, text: str, rules: GateRules) -> list[Finding]:
    """F011 and F012: the required function's body over `max_lines` or `max_columns`; its
    docstring and its `raise` statements do not count."""
    if rules.max_lines is None and rules.max_columns is None:
        return []
    function = next(
        (s for s in module.body if isinstance(s, ast.FunctionDef) and s.name == rules.function), None
    )
    if function is None:
        return []
    body = function.body
    first = body[0] if body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        body = body[1:]  # the docstring
    body = [stmt for stmt in body if not isinstance(stmt, ast.Raise)]  # computes nothing: a starter's TODO
    source_lines = text.splitlines()
    numbers = sorted({n for stmt in body for n in range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1)})
    found = []
    if rules.max_lines is not None and len(numbers) > rules.max_lines:
        found.append(
            finding(
                "F011",
                numbers[0],
                1,
                said("too_many_lines", name=rules.function, lines=len(numbers), limit=rules.max_lines),
            )
        )
    widths = [(len(source_lines[n - 1].rstrip()), n) for n in numbers if n <= len(source_lines)]
    width, line = max(widths, default=(0, 1))
    if rules.max_columns is not None and width > rules.max_columns:
        found.append(
            finding(
                "F012",
                line,
                rules.max_columns + 1,
                said("too_wide", line=line, width=width, limit=rules.max_columns),
            )
        )
    return found
