"""Lint one file: parse it, walk its statements once, and judge only the loops over tensor data.

Speed comes from not looking: a file that imports neither torch nor numpy is never parsed; the
walk visits statements, not every expression; a function's names are inferred only when it has a
loop to judge; and expressions are searched for comprehensions and calls only on the lines where
a regular expression finds a word that one of the rules needs.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from vecdrill.gate.rules import COMPREHENSIONS
from vecdrill.gate.scopes import parameters
from vecdrill.lint import growth, syncs
from vecdrill.lint.bodies import BodyReader, loop_code
from vecdrill.lint.disguised import REDUCING_BUILTINS, builtin_over_tensor, helper_call
from vecdrill.lint.imports import Aliases, imports_a_library
from vecdrill.lint.loops import HOST, iteration
from vecdrill.lint.tensors import NUMPY, TORCH, Bindings, Facts, parameter_evidence

_HOT_WORDS = re.compile(
    r"\b(?:for|map|filter|sum|any|all|min|max|sorted|vectorize|frompyfunc|apply_along_axis|apply_|map_|map2_)\b"
)
_TORCH_IMPORT = re.compile(r"^[ \t]*(?:import|from)[ \t]+torch\b", re.MULTILINE)
_BODY_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_FIELDS: dict[type[ast.AST], tuple[str, ...]] = {}  # statement type -> its statement fields
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_REBUILT = (ast.ListComp, ast.GeneratorExp)
_SEQUENCE_TYPES = frozenset({"list", "tuple", "List", "Tuple", "Sequence"})
_REBUILDING = growth.JOINING | {"torch.tensor", "torch.as_tensor", "torch.Tensor"}
_CONVERSIONS = frozenset({"item", "tolist", "cpu", "numpy", "int", "float", "bool", "tuple", "list", "len"})


@dataclass(frozen=True)
class Hit:
    """One finding before it is worded: the rule, the place, the library (which picks the drill),
    and what the message names (`.item()`, `sum`)."""

    code: str
    line: int
    col: int
    kind: str
    detail: str = ""


@dataclass(eq=False)
class _Scope:
    """A function or the module: what it binds, its loops, its expressions worth searching."""

    node: ast.AST
    parent: _Scope | None
    bindings: Bindings = field(default_factory=Bindings)
    loops: list[ast.For] = field(default_factory=list)
    hot: list[ast.AST] = field(default_factory=list)
    facts: Facts | None = None


def lint_source(source: bytes, text: str) -> list[Hit]:
    """The findings of one file, sorted by place; none for a file without torch or numpy.
    Raises SyntaxError (or ValueError for a null byte) when Python cannot parse it."""
    if not imports_a_library(source):
        return []
    module = ast.parse(source)
    return _FileScan(module, text).hits()


class _FileScan:
    def __init__(self, module: ast.Module, text: str) -> None:
        self.text = text
        self._lines: list[str] | None = None  # split only when a function's text is searched
        self.torch_file = _TORCH_IMPORT.search(text) is not None
        self.hot_lines = _lines_of(_HOT_WORDS, text)
        self.aliases = Aliases()
        self.scopes: list[_Scope] = []
        self.found: dict[tuple[int, str], Hit] = {}
        self.decorators: set[ast.expr] = set()
        # Names an enclosing `if isinstance(x, list):` shows to be a list there, per statement
        # (and per searched expression): a loop over one of them walks no tensor.
        self.narrowed: dict[ast.AST, frozenset[str]] = {}
        self.lists: frozenset[str] = frozenset()  # the narrowing where the lint is judging now
        # Comprehensions whose list becomes a tensor again or is reduced (`np.array([...])`,
        # `torch.stack([...])`, `sum(...)`): a tensor taken apart and put back together.
        self.rebuilt: set[ast.AST] = set()
        # Comprehensions handed to code that is not torch's (`processor(images=[i.cpu() ...])`):
        # the copies they make are what that code asks for.
        self.handed: set[ast.AST] = set()
        self._walk(module)

    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.text.splitlines(keepends=True)
        return self._lines

    def hits(self) -> list[Hit]:
        for scope in self.scopes:
            if scope.loops or scope.hot:
                self._judge(scope)
        return sorted(self.found.values(), key=lambda hit: (hit.line, hit.col, hit.code))

    # The walk: statements only, with an explicit stack.

    def _walk(self, module: ast.Module) -> None:
        top = _Scope(module, None)
        self.scopes.append(top)
        stack: list[tuple[ast.stmt, _Scope]] = [(stmt, top) for stmt in reversed(module.body)]
        while stack:
            node, scope = stack.pop()
            narrowed = self.narrowed.get(node, frozenset())
            if self._is_hot(node):
                roots = list(_header_expressions(node))
                scope.hot.extend(roots)
                if narrowed:
                    self.narrowed.update(dict.fromkeys(roots, narrowed))
            if isinstance(node, _FUNCTIONS):
                self.decorators.update(node.decorator_list)  # @np.vectorize
                scope.hot.extend(node.decorator_list)
                scope.bindings.bind(ast.Name(node.name), None)
                inner = _Scope(node, scope)
                self.scopes.append(inner)
                stack.extend((stmt, inner) for stmt in reversed(node.body))
                continue
            self._bind(node, scope)
            children = [child for name in _body_fields(type(node)) for child in getattr(node, name)]
            inside = narrowed | _listed(node.test) if isinstance(node, ast.If) else narrowed
            for child in reversed(children):
                statements = child.body if isinstance(child, (ast.ExceptHandler, ast.match_case)) else [child]
                for statement in reversed(statements):
                    in_body = isinstance(node, ast.If) and statement in node.body
                    if (inside and in_body) or narrowed:
                        self.narrowed[statement] = inside if in_body else narrowed
                    stack.append((statement, scope))

    def _bind(self, node: ast.stmt, scope: _Scope) -> None:
        bindings = scope.bindings
        if isinstance(node, ast.Assign):
            for target in node.targets:
                bindings.bind(target, node.value)
        elif isinstance(node, ast.AnnAssign):
            bindings.bind(node.target, node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            bindings.bind(node.target, None)
            if isinstance(node, ast.For):
                scope.loops.append(node)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    bindings.bind(item.optional_vars, None)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            self.aliases.add(node)
            for alias in node.names:
                bindings.opaque.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ClassDef):
            bindings.opaque.add(node.name)

    def _is_hot(self, node: ast.stmt) -> bool:
        start = bisect.bisect_left(self.hot_lines, node.lineno)
        end = (node.end_lineno or node.lineno) if not _has_body(node) else _header_end(node)
        return start < len(self.hot_lines) and self.hot_lines[start] <= end

    # Judging one scope.

    def _facts(self, scope: _Scope) -> Facts:
        if scope.facts is None:
            parent = self._facts(scope.parent) if scope.parent is not None else None
            node = scope.node
            # *args and **kwargs hold a tuple and a dict, whatever their annotation says
            varargs = {node.args.vararg, node.args.kwarg} if isinstance(node, _FUNCTIONS) else set()
            params = (
                [a for a in parameters(node.args) if a not in varargs] if isinstance(node, _FUNCTIONS) else []
            )
            evidence = {}
            if params and isinstance(node, _FUNCTIONS):
                segment = "".join(self.lines()[node.lineno - 1 : node.end_lineno])
                evidence = parameter_evidence(segment, {arg.arg for arg in params}, self.torch_file)
            scope.facts = Facts(self.aliases, scope.bindings, params, parent, evidence)
        return scope.facts

    def _judge(self, scope: _Scope) -> None:
        facts = self._facts(scope)
        covered: set[ast.AST] = set()
        for loop in scope.loops:
            if loop not in covered:
                self.lists = self.narrowed.get(loop, frozenset())
                self._loop(loop, scope, facts, covered)
        for root in scope.hot:
            self.lists = self.narrowed.get(root, frozenset())
            for node in _expressions(root):
                self._expression(node, facts)

    def _loop(self, loop: ast.For, scope: _Scope, facts: Facts, covered: set[ast.AST]) -> None:
        walk = iteration(loop.target, loop.iter, facts, list(loop.body), self.lists)
        if walk is not None and walk.walks != HOST:
            body = BodyReader(facts, walk).read(loop.body) if not loop.orelse else None
            if body is not None:
                stacked = any(self._joined_after(scope, name, loop) for name in body.appends)
                code = loop_code(body, stacked)
                if code is not None:
                    self._add(loop, code, walk.kind)
                if body.simple:
                    covered.update(node for node in ast.walk(loop) if isinstance(node, ast.For))
            if syncs.judged(walk, self.torch_file):
                for node, code, detail in syncs.syncs(list(loop.body), walk, facts):
                    self._add(node, code, TORCH, detail)
        if walk is not None or growth.is_loader_loop(loop):
            for statement, name in growth.growth_in(loop, self.aliases):
                self._add(statement, "VD121", self._kind_of_call(statement.value), name)
        if walk is not None:
            for call, name in growth.scalar_pieces(loop, walk.names, self.aliases):
                if self._joined_after(scope, name, loop):
                    self._add(call, "VD120", self._kind_of_call(call.args[0]))

    def _expression(self, node: ast.AST, facts: Facts) -> None:
        if isinstance(node, COMPREHENSIONS) and not isinstance(node, ast.DictComp):
            self._comprehension(node, facts)  # a dict comprehension names its values: by design
        if (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], _REBUILT)
            and self._rebuilds(node)
        ):
            self.rebuilt.add(node.args[0])  # seen before the comprehension: parents come first
        if isinstance(node, ast.Call) and syncs.other_code(node.func, facts):
            values = [*node.args, *(keyword.value for keyword in node.keywords)]
            self.handed.update(value for value in values if isinstance(value, _REBUILT))
        if isinstance(node, ast.Call) or node in self.decorators:
            assert isinstance(node, ast.expr)
            helper = helper_call(node, facts)
            if helper is not None:
                self._add(node, "VD130", NUMPY if helper.startswith("np.") else TORCH, helper)
        if isinstance(node, ast.Call):
            over = builtin_over_tensor(node, facts)
            if over is not None and over[1] == TORCH:  # numpy's values are on the host already
                self._add(node, "VD132", over[1], over[0])
            joined = self.aliases.dotted(node.func) in growth.JOINING
            if joined and node.args and isinstance(node.args[0], (ast.ListComp, ast.GeneratorExp)):
                generator = node.args[0]
                first = generator.generators[0]
                walk = iteration(first.target, first.iter, facts, [generator.elt], self.lists)
                names = walk.names if walk is not None else frozenset()
                element = generator.elt
                if walk is not None and growth.is_scalar_tensor(element, names, {}, self.aliases):
                    self._add(element, "VD120", self._kind_of_call(element))

    def _rebuilds(self, call: ast.Call) -> bool:
        """True for a call that makes a tensor of a list, or reduces it: `torch.stack`, `sum`."""
        if isinstance(call.func, ast.Name) and call.func.id in REDUCING_BUILTINS:
            return True
        return self.aliases.dotted(call.func) in _REBUILDING

    def _comprehension(self, node: ast.expr, facts: Facts) -> None:
        assert isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp))
        if len(node.generators) != 1:
            return
        generator = node.generators[0]
        element = node.elt
        walk = iteration(generator.target, generator.iter, facts, [element], self.lists)
        if walk is None or walk.walks == HOST:
            return
        body = BodyReader(facts, walk).read_comprehension(element, list(generator.ifs))
        if node in self.rebuilt and body.simple and body.reads_data and _computes(element):
            self._add(node, "VD131", walk.kind)
        if syncs.judged(walk, self.torch_file):
            for found, code, detail in syncs.syncs([element, *generator.ifs], walk, facts):
                if not (code == "VD111" and node in self.handed):
                    self._add(found, code, TORCH, detail)

    # Helpers.

    def _joined_after(self, scope: _Scope, name: str, loop: ast.For) -> bool:
        """True when the scope joins the list `name` into one tensor after the loop
        (`torch.stack(name)`, `np.array(name)`, `torch.tensor(name)`)."""
        end = loop.end_lineno or loop.lineno
        for node in ast.walk(scope.node):
            if (
                isinstance(node, ast.Call)
                and node.lineno > end
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id == name
            ):
                dotted = self.aliases.dotted(node.func)
                if dotted in growth.JOINING or dotted in ("torch.tensor", "torch.as_tensor"):
                    return True
        return False

    def _kind_of_call(self, node: ast.expr) -> str:
        func = node.func if isinstance(node, ast.Call) else node
        return NUMPY if (self.aliases.dotted(func) or "").startswith("numpy") else TORCH

    def _add(self, node: ast.AST, code: str, kind: str, detail: str = "") -> None:
        """Keep the first finding of a rule on a line: two `.item()` calls on one line are one
        thing to fix."""
        line, col = getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1
        self.found.setdefault((line, code), Hit(code, line, col, kind, detail))


def _listed(test: ast.expr) -> frozenset[str]:
    """The names `isinstance(x, (list, tuple))` tests, alone or in an `and`."""
    tests = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    names = set()
    for part in tests:
        if (
            isinstance(part, ast.Call)
            and isinstance(part.func, ast.Name)
            and part.func.id == "isinstance"
            and len(part.args) == 2
            and isinstance(part.args[0], ast.Name)
        ):
            kinds = part.args[1].elts if isinstance(part.args[1], ast.Tuple) else [part.args[1]]
            if any(isinstance(k, ast.Name) and k.id in _SEQUENCE_TYPES for k in kinds):
                names.add(part.args[0].id)
    return frozenset(names)


def _has_body(node: ast.stmt) -> bool:
    return bool(_body_fields(type(node)))


def _body_fields(kind: type[ast.AST]) -> tuple[str, ...]:
    """The fields of a statement type that hold statements (`body`, `orelse`, `handlers`...)."""
    fields = _FIELDS.get(kind)
    if fields is None:
        fields = _FIELDS[kind] = tuple(name for name in kind._fields if name in _BODY_FIELDS)
    return fields


def _lines_of(pattern: re.Pattern[str], text: str) -> list[int]:
    """The numbers of the lines a pattern matches on, in order, counting newlines only once."""
    lines: list[int] = []
    line, position = 1, 0
    for match in pattern.finditer(text):
        line += text.count("\n", position, match.start())
        position = match.start()
        if not lines or lines[-1] != line:
            lines.append(line)
    return lines


def _header_end(node: ast.stmt) -> int:
    """The last line of a compound statement's header: the line before its first body statement."""
    body = getattr(node, "body", None)
    if body and isinstance(body, list) and isinstance(body[0], ast.stmt):
        return max(node.lineno, body[0].lineno - 1)
    return node.lineno


def _header_expressions(node: ast.stmt) -> Iterator[ast.AST]:
    """The expressions a statement evaluates itself, not those of the statements in its body."""
    for name, value in ast.iter_fields(node):
        if name in _BODY_FIELDS:
            continue
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, (ast.expr, ast.withitem, ast.keyword, ast.arguments)):
                yield item


def _expressions(root: ast.AST) -> Iterator[ast.AST]:
    """Every node of an expression, not entering lambdas, which run elsewhere."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _computes(element: ast.expr) -> bool:
    """True when a comprehension's element computes: `v * 2`, `v.exp()`; not `v` or `x[i]`,
    which unbind a tensor into a list, nor `v.item()` or `int(v)`, which the sync rules judge."""
    for sub in ast.walk(element):
        if isinstance(sub, (ast.BinOp, ast.Compare, ast.UnaryOp)):
            return True
        if isinstance(sub, ast.Call):
            func = sub.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in _CONVERSIONS:
                return True
    return False
