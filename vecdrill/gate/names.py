"""What a name or dotted chain stands for, through the file's imports and assignments.

`T = torch`, `F = torch.nn.functional` and `getattr(torch, "relu")` must not hide a
library name from the rules, so every expression is resolved to the dotted names it
may mean before any rule judges it.
"""

from __future__ import annotations

import ast
from collections import deque

from vecdrill.gate.scopes import Tree

# Bounds on alias tracking, far beyond real code, so `T = T.nn` repeated cannot blow up.
_MAX_ALIASES_PER_NAME = 16
_MAX_ALIAS_DEPTH = 8


class NameResolver:
    """Resolves names, attributes and literal getattr calls of one file to dotted names."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.aliases: dict[str, set[str]] = {}
        self._resolve_aliases()

    def _resolve_aliases(self) -> None:
        """Which dotted names each plain name may stand for, through imports and assignments."""
        for name, dotted in self.tree.import_aliases:
            self.aliases.setdefault(name, set()).add(dotted)
        by_root: dict[str, list[int]] = {}
        for index, (_, value) in enumerate(self.tree.assigned_aliases):
            root = self._root_name(value)
            if root is not None:
                by_root.setdefault(root, []).append(index)
        pending = deque(index for indices in by_root.values() for index in indices)
        while pending:
            name, value = self.tree.assigned_aliases[pending.popleft()]
            known = self.aliases.setdefault(name, set())
            added = False
            for dotted in sorted(self.resolve(value, {}) - known):
                if len(known) < _MAX_ALIASES_PER_NAME and dotted.count(".") < _MAX_ALIAS_DEPTH:
                    known.add(dotted)
                    added = True
            if added:
                pending.extend(by_root.get(name, ()))

    def _chain_step(self, node: ast.AST) -> tuple[ast.expr, str | None] | None:
        """One link of a dotted chain: the inner expression and the attribute it adds."""
        if isinstance(node, ast.Attribute):
            return node.value, node.attr
        if isinstance(node, ast.NamedExpr):
            return node.value, None
        literal = self.getattr_literal(node)
        if literal is not None:
            assert isinstance(node, ast.Call)
            return node.args[0], literal
        return None

    def _root_name(self, node: ast.expr) -> str | None:
        while (step := self._chain_step(node)) is not None:
            node = step[0]
        return node.id if isinstance(node, ast.Name) else None

    def resolve(self, node: ast.expr, memo: dict[ast.AST, frozenset[str]]) -> frozenset[str]:
        """The dotted names an expression may stand for: `F.relu` -> torch.nn.functional.relu.

        Each link's answer is kept in `memo`, so a long chain costs one walk, not one per link.
        """
        links: list[tuple[ast.AST, str | None]] = []
        current: ast.AST = node
        while current not in memo:
            step = self._chain_step(current)
            if step is None:
                found = self.aliases.get(current.id, ()) if isinstance(current, ast.Name) else ()
                memo[current] = frozenset(found)
                break
            links.append((current, step[1]))
            current = step[0]
        for outer, attribute in reversed(links):
            inner = memo[current]
            memo[outer] = inner if attribute is None else frozenset(f"{d}.{attribute}" for d in inner)
            current = outer
        return memo[node]

    def getattr_literal(self, node: ast.AST) -> str | None:
        """The name in `getattr(obj, "name")`, which is just `obj.name` spelled differently."""
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and 2 <= len(node.args) <= 3
            and not node.keywords
            and not any(isinstance(arg, ast.Starred) for arg in node.args)
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and self.is_builtin(node.func)
        ):
            return None
        return node.args[1].value

    def is_builtin(self, node: ast.Name) -> bool:
        return not any(node.id in scope.bindings for scope in self.tree.scope_of[node].chain())

    def extends(self, parent: ast.AST | None, node: ast.AST) -> bool:
        """True when the parent continues the dotted chain, so only the longest chain is checked."""
        if isinstance(parent, ast.Attribute):
            return parent.value is node
        if parent is None or self.getattr_literal(parent) is None:
            return False
        assert isinstance(parent, ast.Call)
        return parent.args[0] is node

    def call_of(self, node: ast.AST) -> ast.Call | None:
        parent = self.tree.parent.get(node)
        return parent if isinstance(parent, ast.Call) and parent.func is node else None
