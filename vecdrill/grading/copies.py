"""The fingerprint of a hand-in's code, which two copies share even when one was renamed and
re-spaced: two files whose fingerprints match are the same code, so the gradebook can flag them.

The fingerprint is the hash of the file's syntax tree with comments and docstrings gone and every
name the file chooses for itself renamed by order of first appearance (`x` and `logits` both become
`n2` when each is the file's second name). What a name means outside the file stays: the functions
and classes it defines at the top (`fx_double`, which the drill calls), an attribute
(`torch.gather`), a module imported (`import torch as t` keeps `torch`) and a builtin (`range`), so
a file that calls another library or defines another function is other code. The untouched starter
(and a file of imports only) has no fingerprint: everyone who has not begun yet shares it.
"""

from __future__ import annotations

import ast
import builtins
import hashlib

_BUILTINS = frozenset(dir(builtins))


def fingerprint(source: bytes, starter: bytes) -> str | None:
    """The fingerprint of `source`; None where it is the drill's `starter` but for names and
    whitespace, or imports only. A file Python cannot parse is fingerprinted by its bytes, so
    only an exact copy of it matches."""
    tree = _normal_tree(source)
    if tree is None:
        return "bytes:" + hashlib.sha256(source).hexdigest()
    code = ast.dump(tree, annotate_fields=False, include_attributes=False)
    starter_tree = _normal_tree(starter)
    untouched = starter_tree is not None and code == ast.dump(
        starter_tree, annotate_fields=False, include_attributes=False
    )
    if untouched or all(isinstance(node, ast.Import | ast.ImportFrom | ast.Pass) for node in tree.body):
        return None
    return hashlib.sha256(code.encode()).hexdigest()


def _normal_tree(source: bytes) -> ast.Module | None:
    """The tree of `source` without docstrings and with its chosen names renamed; None where
    Python cannot parse it."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):  # ValueError: a null byte
        return None
    defined = {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    renamed = _Renamer(defined).visit(_Undocumented().visit(tree))
    assert isinstance(renamed, ast.Module)
    return renamed


class _Undocumented(ast.NodeTransformer):
    """Drops every statement that is a lone string (a docstring or a string used as a comment)."""

    def visit_Expr(self, node: ast.Expr) -> ast.AST | None:
        lone_string = isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        return None if lone_string else node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        if getattr(node, "body", None) == []:  # a body emptied of its docstring stays valid
            node.body = [ast.Pass()]  # type: ignore[attr-defined]
        return node


class _Renamer(ast.NodeTransformer):
    """Renames the names a file chooses (variables, arguments, inner functions, import aliases)
    to `n0`, `n1`, ... by first appearance; builtins and the names in `kept` stay."""

    def __init__(self, kept: set[str]) -> None:
        self._kept = kept
        self._names: dict[str, str] = {}

    def _canonical(self, name: str) -> str:
        if name in self._kept or (name in _BUILTINS and name not in self._names):
            return name
        return self._names.setdefault(name, f"n{len(self._names)}")

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self._canonical(node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self._canonical(node.arg)
        return self.generic_visit(node)

    def _definition(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> ast.AST:
        node.name = self._canonical(node.name)
        return self.generic_visit(node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _definition

    def visit_alias(self, node: ast.alias) -> ast.AST:
        """`import torch as t` and `import torch` both bind one chosen name to torch."""
        node.asname = self._canonical(node.asname or node.name.split(".")[0])
        return node

    def _declared(self, node: ast.Global | ast.Nonlocal) -> ast.AST:
        node.names = [self._canonical(name) for name in node.names]
        return node

    visit_Global = visit_Nonlocal = _declared
