"""Scopes and bindings: one pass over the parsed file that every check then reads.

The walk uses an explicit stack rather than recursion, and it records only the bindings
Python honours for sure, so a builtin counts as rebound only where it really is.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_NAMED_BINDERS = (ast.ClassDef, ast.ExceptHandler, ast.MatchAs, ast.MatchStar)


def parameters(arguments: ast.arguments) -> list[ast.arg]:
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    return every + [arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None]


def _loaded_names(node: ast.AST) -> frozenset[str]:
    names = (sub for sub in ast.walk(node) if isinstance(sub, ast.Name))
    return frozenset(name.id for name in names if isinstance(name.ctx, ast.Load))


@dataclass(eq=False)
class Scope:
    """A module or function body: the names bound in it and the functions it defines."""

    node: ast.AST
    parent: Scope | None
    name: str
    params: set[str] = field(default_factory=set)
    bindings: set[str] = field(default_factory=set)
    functions: dict[str, list[Scope]] = field(default_factory=dict)

    def define(self, name: str, function: Scope) -> None:
        self.functions.setdefault(name, []).append(function)

    def chain(self) -> list[Scope]:
        scopes: list[Scope] = []
        scope: Scope | None = self
        while scope is not None:
            scopes.append(scope)
            scope = scope.parent
        return scopes


class Tree:
    """One non-recursive pass over the tree: parents, scopes, bindings and alias candidates."""

    def __init__(self, module: ast.Module) -> None:
        self.module_scope = Scope(module, None, "<module>")
        self.nodes: list[ast.AST] = []
        self.parent: dict[ast.AST, ast.AST] = {}
        self.scope_of: dict[ast.AST, Scope] = {}
        self.functions: list[Scope] = []
        self.import_aliases: list[tuple[str, str]] = []
        self.assigned_aliases: list[tuple[str, ast.expr]] = []
        self._top_level = {id(stmt) for stmt in module.body}
        self._stmt_names: dict[ast.AST, frozenset[str]] = {}
        self._walk(module)

    def _walk(self, module: ast.Module) -> None:
        stack: list[tuple[ast.AST, ast.AST | None, Scope, ast.stmt | None]] = [
            (module, None, self.module_scope, None)
        ]
        while stack:
            node, parent, scope, stmt = stack.pop()
            if isinstance(node, ast.stmt):
                stmt = node
            self.nodes.append(node)
            self.scope_of[node] = scope
            if parent is not None:
                self.parent[node] = parent
            children = self._visit(node, parent, scope, stmt)
            stack.extend((child, node, inner, stmt) for child, inner in reversed(children))

    def _visit(
        self, node: ast.AST, parent: ast.AST | None, scope: Scope, stmt: ast.stmt | None
    ) -> list[tuple[ast.AST, Scope]]:
        if isinstance(node, FUNCTION_NODES):
            return self._enter_function(node, parent, scope, stmt)
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            self._bind_assigned(node, parent, scope, stmt)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            self._bind_imports(node, scope, stmt)
        elif isinstance(node, _NAMED_BINDERS) and node.name:
            self._bind(node.name, scope, stmt)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            self._bind(node.rest, scope, stmt)
        self._collect_assigned_aliases(node)
        return [(child, scope) for child in ast.iter_child_nodes(node)]

    def _enter_function(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
        parent: ast.AST | None,
        scope: Scope,
        stmt: ast.stmt | None,
    ) -> list[tuple[ast.AST, Scope]]:
        name = node.name if not isinstance(node, ast.Lambda) else self._lambda_name(parent)
        inner = Scope(node, scope, name or "lambda")
        self.functions.append(inner)
        if not isinstance(node, ast.Lambda):
            self._bind(node.name, scope, stmt)
            scope.define(node.name, inner)
        elif name is not None:
            scope.define(name, inner)
        arguments = node.args
        params = parameters(arguments)
        inner.params.update(arg.arg for arg in params)
        inner.bindings.update(inner.params)
        positional = [*arguments.posonlyargs, *arguments.args]
        defaulted = positional[len(positional) - len(arguments.defaults) :]
        pairs = list(zip(defaulted, arguments.defaults, strict=True))
        keyword_pairs = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        pairs += [(arg, default) for arg, default in keyword_pairs if default is not None]
        self.assigned_aliases += [(arg.arg, default) for arg, default in pairs]
        body = [node.body] if isinstance(node, ast.Lambda) else node.body
        inside = {id(child) for child in body}
        children: list[tuple[ast.AST, Scope]] = [(default, scope) for _, default in pairs]
        children += [(arg.annotation, scope) for arg in params if arg.annotation is not None]
        for child in ast.iter_child_nodes(node):
            if child is not arguments:
                # Decorators, the return annotation and type parameters run in the outer scope.
                children.append((child, inner if id(child) in inside else scope))
        return children

    @staticmethod
    def _lambda_name(parent: ast.AST | None) -> str | None:
        """The name a lambda is stored under (`fact = lambda n: ...`), so calls to it are edges."""
        target: ast.AST | None = None
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
            target = parent.targets[0]
        elif isinstance(parent, (ast.AnnAssign, ast.NamedExpr)):
            target = parent.target
        return target.id if isinstance(target, ast.Name) else None

    def _bind(self, name: str, scope: Scope, stmt: ast.stmt | None) -> None:
        """Record a binding Python honours for sure; a conditional top-level one is not."""
        if scope is not self.module_scope or id(stmt) in self._top_level:
            scope.bindings.add(name)

    def _bind_assigned(
        self, node: ast.Name, parent: ast.AST | None, scope: Scope, stmt: ast.stmt | None
    ) -> None:
        value: ast.AST | None = None
        if isinstance(parent, ast.NamedExpr):
            value = parent.value
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            value = stmt.value
        elif isinstance(stmt, ast.AugAssign):
            return
        if value is not None:
            if value not in self._stmt_names:
                self._stmt_names[value] = _loaded_names(value)
            if node.id in self._stmt_names[value]:
                return
        self._bind(node.id, scope, stmt)

    def _bind_imports(self, node: ast.Import | ast.ImportFrom, scope: Scope, stmt: ast.stmt | None) -> None:
        for alias in node.names:
            if alias.name == "*":
                continue
            if isinstance(node, ast.Import):
                bound = alias.asname or alias.name.split(".")[0]
                target = alias.name if alias.asname else bound
            elif node.level or node.module in (None, "__future__"):
                continue
            else:
                bound = alias.asname or alias.name
                target = f"{node.module}.{alias.name}"
            self._bind(bound, scope, stmt)
            self.import_aliases.append((bound, target))

    def _collect_assigned_aliases(self, node: ast.AST) -> None:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self._pair_targets(target, node.value)
        elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
            self._pair_targets(node.target, node.value)

    def _pair_targets(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.assigned_aliases.append((target.id, value))
        elif (
            isinstance(target, (ast.Tuple, ast.List))
            and isinstance(value, (ast.Tuple, ast.List))
            and len(target.elts) == len(value.elts)
            and not any(isinstance(elt, ast.Starred) for elt in (*target.elts, *value.elts))
        ):
            for sub_target, sub_value in zip(target.elts, value.elts, strict=True):
                self._pair_targets(sub_target, sub_value)
