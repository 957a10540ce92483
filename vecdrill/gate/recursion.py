"""Recursion: cycles in the graph of references between the file's functions.

Recursion repeats work like a loop, so every cycle is flagged, named lambdas included.
Both graph walks use explicit stacks, so a long call chain cannot exhaust Python's own.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass

from vecdrill.gate.messages import FindingLog, said
from vecdrill.gate.scopes import Scope, Tree


@dataclass(frozen=True)
class _Edge:
    """A reference from one function to another, kept with where it happens."""

    target: Scope
    site: ast.AST


def check_recursion(tree: Tree, log: FindingLog) -> None:
    """Log one L005 per set of mutually recursive functions, where its shortest cycle starts."""
    edges = _call_edges(tree)
    for component in _strongly_connected(tree.functions, edges):
        members = set(component)
        start = min(component, key=_position)
        calls_itself = any(edge.target is start for edge in edges.get(start, ()))
        if len(component) == 1 and not calls_itself:
            continue
        path = _cycle_from(start, edges, members)
        names = " -> ".join([start.name, *(edge.target.name for edge in path)])
        log.add(path[0].site, "L005", said("recursion", names=names))


def _call_edges(tree: Tree) -> dict[Scope, list[_Edge]]:
    """Function -> functions it names or defines as lambdas, resolved lexically."""
    edges: dict[Scope, list[_Edge]] = {}
    for function in tree.functions:
        if isinstance(function.node, ast.Lambda) and function.parent is not None:
            edges.setdefault(function.parent, []).append(_Edge(function, function.node))
    for node in tree.nodes:
        if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)):
            continue
        scope = tree.scope_of[node]
        for candidate in scope.chain():
            if node.id in candidate.functions:
                targets = candidate.functions[node.id]
                edges.setdefault(scope, []).extend(_Edge(target, node) for target in targets)
                break
            if node.id in candidate.params:
                break
    return edges


def _position(scope: Scope) -> tuple[int, int]:
    return getattr(scope.node, "lineno", 0), getattr(scope.node, "col_offset", 0)


def _strongly_connected(nodes: list[Scope], edges: dict[Scope, list[_Edge]]) -> list[list[Scope]]:
    """Tarjan's algorithm with an explicit stack, so long call chains cannot exhaust recursion."""
    index: dict[Scope, int] = {}
    low: dict[Scope, int] = {}
    stack: list[Scope] = []
    on_stack: set[Scope] = set()
    components: list[list[Scope]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[Scope, int]] = [(root, 0)]
        while work:
            node, position = work[-1]
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            successors = edges.get(node, [])
            if position < len(successors):
                work[-1] = (node, position + 1)
                target = successors[position].target
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                caller = work[-1][0]
                low[caller] = min(low[caller], low[node])
            if low[node] == index[node]:
                component: list[Scope] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member is node:
                        break
                components.append(component)
    return components


def _cycle_from(start: Scope, edges: dict[Scope, list[_Edge]], members: set[Scope]) -> list[_Edge]:
    """The shortest chain of references from a function back to itself, inside its component."""
    came_by: dict[Scope, tuple[Scope, _Edge]] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for edge in edges.get(node, ()):
            if edge.target is start:
                path = [edge]
                while node is not start:
                    node, step = came_by[node]
                    path.append(step)
                return path[::-1]
            if edge.target in members and edge.target not in came_by:
                came_by[edge.target] = (node, edge)
                queue.append(edge.target)
    return []
