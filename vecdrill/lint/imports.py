"""Which library a name stands for: `np.where` is `numpy.where` after `import numpy as np`.

The lint reads whole projects, so it keeps one flat map per file of the names that imports bind
(the gate's scoped resolver, gate/names.py, is built for one short solution and for security, and
costs a full walk of the tree). Only names that lead into torch, numpy or math are kept.
"""

from __future__ import annotations

import ast
import re

from vecdrill.gate.rules import LIBRARY_ROOTS

# The roots whose names the lint reasons about: the drills' libraries, and math for scalar code.
_ROOTS = frozenset({*LIBRARY_ROOTS, "math"})
_IMPORTS_A_LIBRARY = re.compile(rb"^[ \t]*(?:import|from)[ \t]+(?:torch|numpy)\b", re.MULTILINE)


def imports_a_library(source: bytes) -> bool:
    """True when the file imports torch or numpy: only such code is linted (a cheap byte search,
    before anything is parsed)."""
    return _IMPORTS_A_LIBRARY.search(source) is not None


class Aliases:
    """The dotted library name each imported name stands for, from every import in the file."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.others: set[str] = set()  # names imported from anywhere else: other people's code

    def add(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if isinstance(node, ast.Import):
                bound = alias.asname or alias.name.split(".")[0]
                target = alias.name if alias.asname else bound
            elif node.level or node.module is None or alias.name == "*":
                self.others.add(alias.asname or alias.name)
                continue
            else:
                bound = alias.asname or alias.name
                target = f"{node.module}.{alias.name}"
            if target.split(".")[0] in _ROOTS:
                self.names[bound] = target
            else:
                self.others.add(bound)

    def dotted(self, node: ast.expr) -> str | None:
        """`F.softmax` -> `torch.nn.functional.softmax`, or None when it is not a library name."""
        attributes: list[str] = []
        while isinstance(node, ast.Attribute):
            attributes.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in self.names:
            return None
        return ".".join([self.names[node.id], *reversed(attributes)])


def library_of(dotted: str | None) -> str | None:
    """The library a dotted name belongs to: "torch", "numpy", or None (math and the rest)."""
    root = dotted.split(".", 1)[0] if dotted else None
    return root if root in LIBRARY_ROOTS else None
