"""Checks on builtin names: the ones that iterate, step, map or reach outside computation.

A builtin is flagged wherever its name is used, not only where it is called, so aliasing
cannot hide it; only the documented harmless forms (`max(1, n)`, `tuple(x.shape)`, a type
in an annotation or an isinstance check) pass.
"""

from __future__ import annotations

import ast

from vecdrill.gate.messages import FindingLog, data_word, iterating_message, mapping_message, said
from vecdrill.gate.names import NameResolver
from vecdrill.gate.rules import (
    CONTAINER_BUILTINS,
    DYNAMIC_BUILTINS,
    GUARDED_BUILTINS,
    MAPPING_BUILTINS,
    NOT_SCALAR,
    STEPPING_BUILTINS,
    TYPE_BUILTINS,
    only_shape_argument,
)
from vecdrill.gate.scopes import FUNCTION_NODES, parameters


class BuiltinChecker:
    """Applies the builtin rules to loaded names that still mean the builtin."""

    def __init__(self, names: NameResolver, torch: bool, log: FindingLog) -> None:
        self.names = names
        self.tree = names.tree
        self.torch = torch
        self.log = log
        self._annotations = annotation_roots(self.tree.nodes)

    def guards(self, node: ast.Name) -> bool:
        """True when the name is a builtin the rules cover and nothing in scope rebinds it."""
        return node.id in GUARDED_BUILTINS and self.names.is_builtin(node)

    def check(self, node: ast.Name) -> None:
        if self._names_a_type(node):
            return
        name, call = node.id, self.names.call_of(node)
        if name in DYNAMIC_BUILTINS:
            self.log.add(node, "F002", said("dynamic", name=name))
        elif name == "getattr":
            if call is None or self.names.getattr_literal(call) is None:
                self.log.add(node, "F002", said("getattr"))
        elif name == "type":
            if call is None or len(call.args) != 1 or call.keywords:
                self.log.add(node, "L012", said("type"))
        elif name in MAPPING_BUILTINS:
            self.log.add(node, "L006", mapping_message(name, self.torch))
        elif name in STEPPING_BUILTINS:
            self.log.add(node, "L009", said("stepping", name=name, data=data_word(self.torch)))
        elif not _harmless_builtin_call(name, call):
            self.log.add(node, "L010", iterating_message(name, self.torch))

    def _names_a_type(self, node: ast.Name) -> bool:
        """True for `tuple[...]`, `isinstance(x, list)`, `list` in annotations: never iterated."""
        if node.id not in TYPE_BUILTINS:
            return False
        parent = self.tree.parent.get(node)
        if isinstance(parent, ast.Subscript) and parent.value is node:
            return True
        checker = self.tree.parent.get(parent) if isinstance(parent, ast.Tuple) else parent
        if (
            isinstance(checker, ast.Call)
            and isinstance(checker.func, ast.Name)
            and checker.func.id in ("isinstance", "issubclass")
        ):
            return True
        current: ast.AST | None = node
        while current is not None and not isinstance(current, (ast.stmt, *FUNCTION_NODES)):
            if current in self._annotations:
                return True
            current = self.tree.parent.get(current)
        return False


# Guarded builtins with a form `_harmless_builtin_call` (or a literal getattr, a one-argument type)
# lets through: a drill's `allowed` or `banned` entry for one of them changes what a solution may write.
HARMLESS_FORMS = frozenset({"min", "max", "dict", "getattr", "type", *CONTAINER_BUILTINS})


def _harmless_builtin_call(name: str, call: ast.Call | None) -> bool:
    """The documented exceptions: `max(1, n)`, `tuple(x.shape)`, `list()`, `dict(a=1)`."""
    if call is None:
        return False
    if name in ("min", "max"):
        return (
            len(call.args) >= 2
            and not call.keywords
            and not any(isinstance(arg, NOT_SCALAR) for arg in call.args)
        )
    if name in CONTAINER_BUILTINS:
        return (not call.args and not call.keywords) or only_shape_argument(call)
    if name == "dict":
        return not call.args and all(keyword.arg is not None for keyword in call.keywords)
    return False


def annotation_roots(nodes: list[ast.AST]) -> set[ast.AST]:
    """The roots of every annotation in the file."""
    roots: set[ast.AST] = set()
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            params = parameters(node.args)
            roots.update(arg.annotation for arg in params if arg.annotation is not None)
            if node.returns is not None:
                roots.add(node.returns)
        elif isinstance(node, ast.AnnAssign):
            roots.add(node.annotation)
    return roots
