"""The gate's walk over one parsed file: statements and loops here, names handed on.

Loops, comprehensions, generators, classes and global state are judged by their node
alone; names, attributes and imports go to the reference and builtin checks, and the
recursion check runs once the walk is done.
"""

from __future__ import annotations

import ast

from vecdrill.gate import fixed, sequential
from vecdrill.gate.allow import BUILTIN_NAMES, formats
from vecdrill.gate.builtin_names import BuiltinChecker, annotation_roots
from vecdrill.gate.messages import FindingLog, finding, library, part, said
from vecdrill.gate.names import NameResolver
from vecdrill.gate.recursion import check_recursion
from vecdrill.gate.references import ReferenceChecker
from vecdrill.gate.rules import ITERATING_BUILTINS, GateRules, function_name, is_dunder
from vecdrill.gate.scopes import Tree
from vecdrill.result.model import Finding

# A loop the gate names by its node alone: its code and what it is (a `gate_part` code).
_LOOP_FINDINGS: dict[type, tuple[str, str]] = {
    ast.For: ("L001", "for"),
    ast.AsyncFor: ("L001", "async_for"),
    ast.While: ("L002", "while"),
    ast.ListComp: ("L003", "list_comprehension"),
    ast.SetComp: ("L003", "set_comprehension"),
    ast.DictComp: ("L003", "dict_comprehension"),
    ast.GeneratorExp: ("L004", "generator"),
    ast.Yield: ("L013", "yield"),
    ast.YieldFrom: ("L013", "yield"),
}


class Gate:
    """Applies every rule to one parsed file."""

    def __init__(self, module: ast.Module, rules: GateRules) -> None:
        self.module = module
        self.rules = rules
        self.torch = rules.library != "numpy"
        self.tree = Tree(module)
        self.log = FindingLog()
        self.names = NameResolver(self.tree)
        self.references = ReferenceChecker(rules, self.names, self.log)
        self.builtins = BuiltinChecker(self.names, self.torch, self.log)
        self.allow = self.references.allow
        roots = annotation_roots(self.tree.nodes) if self.allow.active else set()
        self.not_helpers = {function_name(other): other for other in rules.not_helpers}
        self.annotated = {inner for root in roots for inner in ast.walk(root)}
        self.literals = fixed.literal_names(module)

    def findings(self) -> list[Finding]:
        """Every finding, one per (line, col, code), sorted by place."""
        self._check_required_function()
        for node in self.tree.nodes:
            self._check_node(node)
        check_recursion(self.tree, self.log)
        return self.log.unique_sorted()

    def _check_required_function(self) -> None:
        name = self.rules.function
        defs = [
            stmt
            for stmt in self.module.body
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name
        ]
        plain = [stmt for stmt in defs if isinstance(stmt, ast.FunctionDef)]
        lambdas = [stmt for stmt in self.module.body if lambda_name(stmt) == name]
        if not plain and lambdas:  # a callable, but not a def: the rules about a function's body need one
            self.log.add(lambdas[0], "S005", said("lambda", name=name))
        elif not plain:
            nested = defs or name in self.tree.module_scope.functions
            self.log.found.append(
                finding("S005", 1, 1, said("missing_plain" if nested else "missing", name=name))
            )
        if plain and self.rules.inputs is not None:
            self._check_parameters(plain[0], self.rules.inputs)
        for extra in defs[1:]:
            self.log.add(extra, "S006", said("defined_again", name=name, first=defs[0].lineno))

    def _check_parameters(self, function: ast.FunctionDef, inputs: tuple[str, ...]) -> None:
        """The check calls the function with the drill's inputs in order, by position, so any
        names fit (a book's answer keeps its own); a signature that cannot take them so is told
        before anything runs, naming the inputs."""
        spec = function.args
        positional = [*spec.posonlyargs, *spec.args]
        required = len(positional) - len(spec.defaults)
        takes = part("takes", count=len(inputs), order=", ".join(inputs))
        keyword_only = [
            arg.arg for arg, default in zip(spec.kwonlyargs, spec.kw_defaults, strict=True) if default is None
        ]
        if keyword_only:
            named = ", ".join(f"`{name}`" for name in keyword_only)
            self.log.add(function, "S007", said("keyword_only", name=function.name, named=named, takes=takes))
        elif required > len(inputs) or (len(positional) < len(inputs) and spec.vararg is None):
            count = len(positional)
            parameters = part("one_parameter") if count == 1 else part("parameters", count=count)
            self.log.add(
                function,
                "S007",
                said("parameter_count", name=function.name, parameters=parameters, takes=takes),
            )

    def _check_node(self, node: ast.AST) -> None:
        if sequential.allows_loop(self.rules, node) or fixed.is_fixed(self.rules, node, self.literals):
            pass  # the run-time probe checks what it runs over (checking/growth.py)
        elif type(node) in _LOOP_FINDINGS:
            code, what = _LOOP_FINDINGS[type(node)]
            how = part(f"whole.{library(self.torch)}")
            self.log.add(node, code, said("loop", what=part(what), how=how))
        elif isinstance(node, ast.ClassDef):
            self.log.add(node, "L012", said("class"))
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            statement = "global" if isinstance(node, ast.Global) else "nonlocal"
            self.log.add(node, "F006", said("global", statement=statement))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            self.references.check_import(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_dunder(node.name):
            self.log.add(node, "F005", said("dunder", name=node.name))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and is_dunder(node.value):
            self.log.add(node, "F005", said("dunder", name=node.value))
        elif isinstance(node, ast.Name):
            self._check_name(node)
        elif isinstance(node, ast.Attribute):
            self.references.check(node, node.attr)
            if sequential.read_in_loop(self.tree, node):
                self.log.add(node, "L011", said(f"item_in_loop.{library(self.torch)}"))
        elif isinstance(node, ast.Call) and (literal := self.names.getattr_literal(node)) is not None:
            self.references.check(node, literal)
        if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.AugAssign, ast.Subscript, ast.FormattedValue)):
            if node not in self.annotated and not self._words_an_error(node):
                self.log.add_problem(node, self.allow.operator_problem(node))
        elif isinstance(node, ast.Compare):
            for problem in self.allow.compare_problems(node):
                self.log.add_problem(node, problem)

    def _fixed_call(self, node: ast.Name) -> bool:
        """`range(3)`, `zip((a, b), (c, d))`, `sum(np.roll(x, s) for s in (-1, 1))`: a builtin
        that iterates a written, small count of whole tensors or arrays (gate/fixed.py)."""
        call = self.names.call_of(node)
        if call is None or node.id not in ITERATING_BUILTINS:
            return False
        return fixed.within(self.rules, call, self.literals) or fixed.is_fixed(
            self.rules, call, self.literals
        )

    def _not_a_helper(self, node: ast.Name) -> None:
        listed = ", ".join(f"`{helper}`" for helper in self.rules.helpers)
        helpers = part("helpers", helpers=listed) if listed else part("no_helpers")
        drill = self.not_helpers[node.id]
        self.log.add(node, "F013", said("not_a_helper", name=node.id, drill=drill, helpers=helpers))

    def _words_an_error(self, node: ast.AST) -> bool:
        """True for string formatting inside a `raise` statement: it words the error, and
        computes nothing the check compares."""
        if not formats(node):
            return False
        parent = self.tree.parent.get(node)
        while parent is not None and not isinstance(parent, ast.stmt):
            parent = self.tree.parent.get(parent)
        return isinstance(parent, ast.Raise)

    def _check_name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.references.check(node, None)
            if node.id in self.not_helpers and self.names.is_builtin(node):  # bound nowhere in the file
                self._not_a_helper(node)
            if node.id in self.rules.helpers and self.names.is_builtin(node):
                return  # the helper drill's function (drill `sum` gives `sum`), which the check provides
            if node.id in BUILTIN_NAMES and node not in self.annotated and self.names.is_builtin(node):
                if node.id in self.references.banned:
                    self.log.add_problem(node, self.references.banned_problem(node.id, node.id))
                else:
                    self.log.add_problem(node, self.allow.builtin_problem(node.id))
            if self.builtins.guards(node) and not (
                sequential.drives_allowed_loop(self.rules, self.tree, node) or self._fixed_call(node)
            ):
                self.builtins.check(node)
                return
        if is_dunder(node.id):
            self.log.add(node, "F005", said("dunder", name=node.id))


def lambda_name(stmt: ast.stmt) -> str | None:
    """The name a top-level `name = lambda ...` (or `name: T = lambda ...`) binds, else None."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target, value = stmt.targets[0], stmt.value
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target, value = stmt.target, stmt.value
    else:
        return None
    return target.id if isinstance(target, ast.Name) and isinstance(value, ast.Lambda) else None
