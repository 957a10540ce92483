"""How the gate speaks: the findings it reports (`result.Finding`), the log of one scan, and the
sentences several checks share.

Every sentence is a code of the catalogue (vecdrill/messages/gate.py) with its values; several
checks flag the same names (a builtin by name, `math.prod` by dotted path), so the helpers that
pick a code for a name live here once and every check says it the same way.
"""

from __future__ import annotations

import ast
from typing import Any

from vecdrill.gate.rules import CONTAINER_BUILTINS
from vecdrill.messages import Message, message
from vecdrill.result.model import Finding

_KIND_BY_PREFIX = {"S": "syntax", "L": "loop", "F": "forbidden"}

# A rule's verdict on one name: (code, message), or None when the name is fine.
Problem = tuple[str, Message] | None

# Builtins that hand out positions: their vectorized form is one tensor of every position, used
# whole; "use arange instead" alone reads as a loop over arange.
_POSITIONS = frozenset({"range", "enumerate"})


def said(code: str, **params: Any) -> Message:
    """A sentence of the gate's section of the catalogue."""
    return message("gate", code, **params)


def part(code: str, **params: Any) -> Message:
    """A piece of a sentence that a finding names as a value (a kind of loop, the data's word)."""
    return message("gate_part", code, **params)


def finding(code: str, line: int, col: int, words: Message) -> Finding:
    """A Finding whose kind follows from its code, placed at line 1, column 1 at the least."""
    return Finding(code, max(line, 1), max(col, 1), _KIND_BY_PREFIX[code[0]], words)


class FindingLog:
    """The findings of one scan in the order they were found. Of those at one place, the one that
    Python evaluates first wins: the node that ends first (`x.max` before `x.max(1).values`, which
    starts at the same column), then the one found first."""

    def __init__(self) -> None:
        self.found: list[Finding] = []
        self._ends: dict[int, tuple[int, int]] = {}  # id of a Finding -> where its node ends

    def add(self, node: ast.AST, code: str, words: Message) -> None:
        line: int = getattr(node, "lineno", 1)
        col: int = getattr(node, "col_offset", 0)
        found = finding(code, line, col + 1, words)
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


def library(torch: bool) -> str:
    """The library a drill computes with, as the catalogue's per-library codes name it."""
    return "torch" if torch else "numpy"


def data_word(torch: bool) -> Message:
    """The word for the drill's data, tensor or array, in the reader's language."""
    return part(library(torch))


def mapping_message(name: str, torch: bool) -> Message:
    return said(f"mapping.{library(torch)}", name=name)


def iterating_message(name: str, torch: bool) -> Message:
    if name in _POSITIONS:
        return said(
            "positions", name=name, arange=f"{'torch' if torch else 'np'}.arange", data=data_word(torch)
        )
    return said("iterates", name=name, way=way(name, library(torch)))


def way(name: str, kind: str) -> Message:
    """What an iterating builtin becomes on a whole tensor (`kind` "torch") or array ("numpy")."""
    return message("gate_way", f"{'list' if name in CONTAINER_BUILTINS else name}.{kind}")
