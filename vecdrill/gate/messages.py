"""How the gate speaks: the findings it reports (`report.Finding`), the log of one scan and shared
wording.

Several checks flag the same names (a builtin by name, `math.prod` by dotted path), so
the wording lives here once and every check says it the same way.
"""

from __future__ import annotations

import ast

from vecdrill.gate.rules import BUILTIN_REPLACEMENTS
from vecdrill.result.model import Finding

_KIND_BY_PREFIX = {"S": "syntax", "L": "loop", "F": "forbidden"}

# A rule's verdict on one name: (code, message) or (code, message, Chinese message), or None when
# the name is fine; a Chinese message comes with the drill's own reasons.
Problem = tuple[str, str] | tuple[str, str, str] | None


def finding(code: str, line: int, col: int, message: str, message_zh: str | None = None) -> Finding:
    """A Finding whose kind follows from its code, placed at line 1, column 1 at the least."""
    return Finding(code, max(line, 1), max(col, 1), _KIND_BY_PREFIX[code[0]], message, message_zh)


class FindingLog:
    """The findings of one scan in the order they were found. Of those at one place, the one that
    Python evaluates first wins: the node that ends first (`x.max` before `x.max(1).values`, which
    starts at the same column), then the one found first."""

    def __init__(self) -> None:
        self.found: list[Finding] = []
        self._ends: dict[int, tuple[int, int]] = {}  # id of a Finding -> where its node ends

    def add(self, node: ast.AST, code: str, message: str, message_zh: str | None = None) -> None:
        line: int = getattr(node, "lineno", 1)
        col: int = getattr(node, "col_offset", 0)
        found = finding(code, line, col + 1, message, message_zh)
        self._ends[id(found)] = (
            getattr(node, "end_lineno", None) or line,
            getattr(node, "end_col_offset", 0),
        )
        self.found.append(found)

    def add_problem(self, node: ast.AST, problem: Problem) -> None:
        if problem is not None:
            self.add(node, *problem)

    def unique_sorted(self) -> list[Finding]:
        """One finding per (line, col, code), sorted by place."""
        unique: dict[tuple[int, int, str], Finding] = {}
        for found in sorted(self.found, key=lambda f: self._ends.get(id(f), (f.line, 0))):
            unique.setdefault((found.line, found.col, found.code), found)
        return sorted(unique.values(), key=lambda f: (f.line, f.col, f.code))


def data_word(torch: bool) -> str:
    return "tensor" if torch else "array"


def mapping_message(name: str, torch: bool) -> str:
    if torch:
        how = "broadcasting, torch.where, or torch.vmap for a per-row function"
    else:
        how = "broadcasting, np.where or a ufunc"
    return (
        f"`{name}` calls a Python function once per element: apply the operation to all of it at once ({how})"
    )


# Builtins that hand out positions: their vectorized form is one tensor of every position, used
# whole; "use arange instead" alone reads as a loop over arange.
_POSITIONS = frozenset({"range", "enumerate"})


def iterating_message(name: str, torch: bool) -> str:
    torch_way, numpy_way = BUILTIN_REPLACEMENTS[name]
    way = torch_way if torch else numpy_way
    if name in _POSITIONS:
        arange = "torch.arange" if torch else "np.arange"
        return (
            f"`{name}` hands Python the positions one at a time: make them all at once with "
            f"{arange}(n) and index, compare or compute with that {data_word(torch)} as a whole, "
            "with no loop over it"
        )
    return f"`{name}` iterates in Python one element at a time: use {way} instead"


def dunder_message(name: str) -> str:
    return f"`{name}` reaches into Python internals, which a solution never needs: use the public API instead"
