"""The static gate: find loops, disguised loops and unsafe code before a solution runs.

The gate reads the exact bytes the checker will execute and parses them the way Python
does, honouring a PEP 263 coding cookie (a UTF-7 file can hide a statement inside what
looks like a comment). It walks the tree without recursion, so no input can crash it:
every problem, including an unparsable or pathologically deep file, becomes a Finding.

Rule codes (stable; the kind becomes the verdict):

  syntax     S001 too large, S002 null byte, S003 parser or compiler error, S004 nested
             too deeply, S005 required function missing, S006 required function twice
  loop       L001 for, L002 while, L003 list/set/dict comprehension, L004 generator
             expression, L005 recursion, L006 map/filter/reduce/itertools, L007 numpy
             per-element helpers, L008 Tensor.apply_/map_/map2_, L009 iter/next,
             L010 builtins that iterate, L011 .item()/.tolist() (torch drills), L012 class,
             L013 yield
  forbidden  F001 import outside the allow-list, F002 dynamic code/introspection/files,
             F003 off-limits library API (torch.jit, torch.compile, torch.utils, file I/O),
             F004 private attribute, F005 dunder, F006 global/nonlocal, F007 banned by the
             drill, F008 star import, F009 assigning into a library

Choices worth knowing:

* A callable that iterates in Python is flagged wherever its name is used, not only
  where it is called, so `s = sum` is caught at `sum` and aliasing cannot hide it.
* Builtins that iterate in Python (sum, any, all, sorted, min, max, list, tuple, set,
  frozenset, dict, enumerate, zip, range, reversed) are flagged, except in forms that
  never touch data one element at a time:
  - min/max with two or more plain arguments and no keywords, as in `max(1, n)`;
  - list/tuple/set/frozenset of nothing or of a shape: `tuple(x.shape)`,
    `list(x.size())`, `tuple(a.shape[1:])`; dict with keyword arguments only;
  - math.prod of a shape.
  `range` has no exception: torch.arange or np.arange replaces it, and dimension
  orders are spelled out or built with movedim/permute.
* `len`, `int`, `float`, `abs`, `round` and `isinstance` are never flagged.
* A builtin's name counts as rebound only where Python honours the rebinding: a
  parameter or local of an enclosing function, or an unconditional top-level def,
  import or assignment whose value does not mention the name (`sum = sum` rebinds
  nothing useful).
* Dotted names are resolved through the file's imports and simple assignments
  (`T = torch`, `F = torch.nn.functional`, `getattr(torch, "relu")`). Receiver types
  are unknown statically, so a banned `torch.Tensor.X` or `numpy.ndarray.X` entry
  matches any `.X` attribute. A banned name also covers its in-place twin with a
  trailing underscore (`torch.relu` bans `torch.relu_`).
* Every attribute starting with `_` is refused, not only those on torch and numpy:
  a solution never needs private API and it is the usual way out of a sandbox.
* Recursion is any cycle among the file's functions, lambdas stored under a name
  included; a function also reaches the lambdas it defines.
* What static analysis cannot see is left to the checker's runtime probe: iteration by
  unpacking (`[*x]`), a library function consuming a Python iterable, recursion through
  functions passed as values, or a banned op reached through an internal module path.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections import deque
from dataclasses import dataclass, field

MAX_SOURCE_BYTES = 256 * 1024


@dataclass(frozen=True)
class Finding:
    """One problem the gate found, located in the learner's file."""

    code: str
    line: int
    col: int
    kind: str
    message: str


@dataclass(frozen=True)
class GateRules:
    """What one drill allows: its library, its function and its extra bans and imports."""

    library: str
    function: str
    banned: tuple[str, ...] = ()
    allowed_imports: tuple[str, ...] = ()


_KIND_BY_PREFIX = {"S": "syntax", "L": "loop", "F": "forbidden"}

_BASE_IMPORTS = ("math", "typing", "__future__")
_LIBRARY_ROOTS = ("torch", "numpy")

_FORBIDDEN_API = frozenset({
    "torch.jit", "torch.compile", "torch.export", "torch.utils", "torch.ops", "torch.library",
    "torch.hub", "torch.load", "torch.save", "torch.serialization", "torch.package",
    "torch.multiprocessing", "torch.distributed", "torch.overrides", "torch.classes",
    "numpy.load", "numpy.save", "numpy.savez", "numpy.savez_compressed", "numpy.savetxt",
    "numpy.loadtxt", "numpy.genfromtxt", "numpy.fromfile", "numpy.memmap", "numpy.ctypeslib",
    "numpy.f2py", "numpy.distutils",
})  # fmt: skip
_NUMPY_PER_ELEMENT = frozenset({
    "numpy.vectorize", "numpy.frompyfunc", "numpy.apply_along_axis", "numpy.apply_over_axes",
    "numpy.fromiter", "numpy.piecewise",
})  # fmt: skip
_NUMPY_ITERATORS = frozenset({"numpy.nditer", "numpy.ndindex", "numpy.ndenumerate"})
_DYNAMIC_BUILTINS = frozenset({
    "exec", "eval", "compile", "__import__", "globals", "locals", "vars", "open", "input",
    "breakpoint", "setattr", "delattr",
})  # fmt: skip
_STEPPING_BUILTINS = frozenset({"iter", "next", "aiter", "anext"})
_MAPPING_BUILTINS = frozenset({"map", "filter"})
_CONTAINER_BUILTINS = frozenset({"list", "tuple", "set", "frozenset"})
_TYPE_BUILTINS = _CONTAINER_BUILTINS | {"dict", "type"}
_PER_ELEMENT_METHODS = frozenset({"apply_", "map_", "map2_"})
_SCALAR_EXIT_METHODS = frozenset({"tolist", "item"})
_SHAPE_ATTRIBUTES = frozenset({"shape", "strides"})
_SHAPE_METHODS = frozenset({"size", "stride"})
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_NOT_SCALAR = (ast.Starred, ast.List, ast.Tuple, ast.Set, ast.Dict, *_COMPREHENSIONS)

# What each iterating builtin becomes in vectorized code: (torch, numpy).
_BUILTIN_REPLACEMENTS = {
    "sum": ("torch.sum or x.sum(dim=...)", "np.sum or a.sum(axis=...)"),
    "any": ("torch.any or x.any(dim=...)", "np.any or a.any(axis=...)"),
    "all": ("torch.all or x.all(dim=...)", "np.all or a.all(axis=...)"),
    "min": ("torch.minimum or x.amin(dim=...)", "np.minimum or a.min(axis=...)"),
    "max": ("torch.maximum or x.amax(dim=...)", "np.maximum or a.max(axis=...)"),
    "sorted": ("torch.sort or torch.argsort", "np.sort or np.argsort"),
    "range": ("torch.arange", "np.arange"),
    "enumerate": ("torch.arange for the positions", "np.arange for the positions"),
    "zip": ("torch.stack and one operation on the stack", "np.stack and one operation on it"),
    "reversed": ("torch.flip", "np.flip or a[::-1]"),
    "list": (
        "a tensor (torch.unique for distinct values)",
        "an array (np.unique for distinct values)",
    ),
    "dict": ("tensors indexed by position", "arrays indexed by position"),
    "math.fsum": ("torch.sum", "np.sum"),
    "math.prod": ("torch.prod", "np.prod"),
}
for _name in ("tuple", "set", "frozenset"):
    _BUILTIN_REPLACEMENTS[_name] = _BUILTIN_REPLACEMENTS["list"]
_ITERATING_BUILTINS = frozenset(_BUILTIN_REPLACEMENTS) - {"math.fsum", "math.prod"}

_GUARDED_BUILTINS = (
    _DYNAMIC_BUILTINS | _STEPPING_BUILTINS | _MAPPING_BUILTINS | _ITERATING_BUILTINS | {"getattr", "type"}
)

# Bounds on alias tracking, far beyond real code, so `T = T.nn` repeated cannot blow up.
_MAX_ALIASES_PER_NAME = 16
_MAX_ALIAS_DEPTH = 8

_MARKER = re.compile(rb"#[ \t]*vecdrill:[ \t]*([a-z0-9]+(?:-[a-z0-9]+)*)[ \t]*\Z")
_CODING_COOKIE = re.compile(rb"[ \t\f]*#.*?coding[:=]")

# A rule's verdict on one name: (code, message), or None when the name is fine.
_Problem = tuple[str, str] | None
_CALL_DEPENDENT = frozenset({"numpy.piecewise", "math.prod"})

_FunctionNode = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_NAMED_BINDERS = (ast.ClassDef, ast.ExceptHandler, ast.MatchAs, ast.MatchStar)
_COMPREHENSION_FINDINGS = {
    ast.ListComp: ("L003", "list comprehension is a for loop in one line"),
    ast.SetComp: ("L003", "set comprehension is a for loop in one line"),
    ast.DictComp: ("L003", "dict comprehension is a for loop in one line"),
    ast.GeneratorExp: ("L004", "generator expression produces values one at a time"),
}


def scan(source: bytes, rules: GateRules) -> list[Finding]:
    """Findings sorted by (line, col); empty means the file may run."""
    parsed = _parse(source)
    if isinstance(parsed, Finding):
        return [parsed]
    try:
        return _Gate(parsed, rules).findings()
    except (RecursionError, MemoryError):
        return [_too_deep()]


def defined_functions(source: bytes) -> set[str] | None:
    """Names of the top-level functions, so a file's drill can be guessed; None if unparsable."""
    parsed = _parse(source)
    if isinstance(parsed, Finding):
        return None
    return {stmt.name for stmt in parsed.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))}


def marker_drill_id(source: bytes) -> str | None:
    """The id in a `# vecdrill: <id>` first-line marker (second line after a shebang or cookie)."""
    lines = source.removeprefix(b"\xef\xbb\xbf").splitlines()[:2]
    if not lines:
        return None
    line = lines[0]
    if line.startswith(b"#!") or _CODING_COOKIE.match(line):
        if len(lines) < 2:
            return None
        line = lines[1]
    match = _MARKER.match(line)
    return match.group(1).decode("ascii") if match else None


def _finding(code: str, line: int, col: int, message: str) -> Finding:
    return Finding(code, max(line, 1), max(col, 1), _KIND_BY_PREFIX[code[0]], message)


def _at(node: ast.AST, code: str, message: str) -> Finding:
    line: int = getattr(node, "lineno", 1)
    col: int = getattr(node, "col_offset", 0)
    return _finding(code, line, col + 1, message)


def _too_deep() -> Finding:
    return _finding(
        "S004",
        1,
        1,
        "the code is nested too deeply for Python to handle safely: "
        "split the long expression into a few named steps",
    )


def _parse(source: bytes) -> ast.Module | Finding:
    """Parse the bytes exactly as Python would run them, or say why they cannot run."""
    if len(source) > MAX_SOURCE_BYTES:
        return _finding(
            "S001",
            1,
            1,
            f"the file is {len(source)} bytes, over the {MAX_SOURCE_BYTES}-byte limit: "
            "a drill solution needs only a few lines, so trim it",
        )
    null_at = source.find(b"\x00")
    if null_at >= 0:
        line_start = source.rfind(b"\n", 0, null_at) + 1
        return _finding(
            "S002",
            source.count(b"\n", 0, null_at) + 1,
            null_at - line_start + 1,
            "the file contains a null byte, which Python source cannot hold: save it again as plain text",
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, "<solution>", "exec", dont_inherit=True)
            return ast.parse(source, "<solution>")
    except SyntaxError as error:
        return _finding(
            "S003",
            error.lineno or 1,
            error.offset or 1,
            f"syntax error, {error.msg}: fix it so Python can run the file",
        )
    except (RecursionError, MemoryError):
        return _too_deep()
    except ValueError as error:
        return _finding("S003", 1, 1, f"the file cannot be read as Python, {error}: save it as UTF-8 text")


def _is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _is_number_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float, complex))


def _is_shape(node: ast.expr) -> bool:
    """True for a tensor's shape and slices of it: iterating one walks dimensions, not data."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr in _SHAPE_ATTRIBUTES
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _SHAPE_METHODS
        and not node.args
        and not node.keywords
    )


def _only_shape_argument(call: ast.Call | None) -> bool:
    if call is None or call.keywords or len(call.args) != 1:
        return False
    return _is_shape(call.args[0])


def _parameters(arguments: ast.arguments) -> list[ast.arg]:
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    return every + [arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None]


def _loaded_names(node: ast.AST) -> frozenset[str]:
    names = (sub for sub in ast.walk(node) if isinstance(sub, ast.Name))
    return frozenset(name.id for name in names if isinstance(name.ctx, ast.Load))


@dataclass(eq=False)
class _Scope:
    """A module or function body: the names bound in it and the functions it defines."""

    node: ast.AST
    parent: _Scope | None
    name: str
    params: set[str] = field(default_factory=set)
    bindings: set[str] = field(default_factory=set)
    functions: dict[str, list[_Scope]] = field(default_factory=dict)

    def define(self, name: str, function: _Scope) -> None:
        self.functions.setdefault(name, []).append(function)

    def chain(self) -> list[_Scope]:
        scopes: list[_Scope] = []
        scope: _Scope | None = self
        while scope is not None:
            scopes.append(scope)
            scope = scope.parent
        return scopes


@dataclass(frozen=True)
class _Edge:
    """A reference from one function to another, kept with where it happens."""

    target: _Scope
    site: ast.AST


class _Tree:
    """One non-recursive pass over the tree: parents, scopes, bindings and alias candidates."""

    def __init__(self, module: ast.Module) -> None:
        self.module_scope = _Scope(module, None, "<module>")
        self.nodes: list[ast.AST] = []
        self.parent: dict[ast.AST, ast.AST] = {}
        self.scope_of: dict[ast.AST, _Scope] = {}
        self.functions: list[_Scope] = []
        self.import_aliases: list[tuple[str, str]] = []
        self.assigned_aliases: list[tuple[str, ast.expr]] = []
        self._top_level = {id(stmt) for stmt in module.body}
        self._stmt_names: dict[ast.AST, frozenset[str]] = {}
        self._walk(module)

    def _walk(self, module: ast.Module) -> None:
        stack: list[tuple[ast.AST, ast.AST | None, _Scope, ast.stmt | None]] = [
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
        self, node: ast.AST, parent: ast.AST | None, scope: _Scope, stmt: ast.stmt | None
    ) -> list[tuple[ast.AST, _Scope]]:
        if isinstance(node, _FunctionNode):
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
        scope: _Scope,
        stmt: ast.stmt | None,
    ) -> list[tuple[ast.AST, _Scope]]:
        name = node.name if not isinstance(node, ast.Lambda) else self._lambda_name(parent)
        inner = _Scope(node, scope, name or "lambda")
        self.functions.append(inner)
        if not isinstance(node, ast.Lambda):
            self._bind(node.name, scope, stmt)
            scope.define(node.name, inner)
        elif name is not None:
            scope.define(name, inner)
        arguments = node.args
        params = _parameters(arguments)
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
        children: list[tuple[ast.AST, _Scope]] = [(default, scope) for _, default in pairs]
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

    def _bind(self, name: str, scope: _Scope, stmt: ast.stmt | None) -> None:
        """Record a binding Python honours for sure; a conditional top-level one is not."""
        if scope is not self.module_scope or id(stmt) in self._top_level:
            scope.bindings.add(name)

    def _bind_assigned(
        self, node: ast.Name, parent: ast.AST | None, scope: _Scope, stmt: ast.stmt | None
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

    def _bind_imports(self, node: ast.Import | ast.ImportFrom, scope: _Scope, stmt: ast.stmt | None) -> None:
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


class _Gate:
    """Applies every rule to one parsed file."""

    def __init__(self, module: ast.Module, rules: GateRules) -> None:
        self.module = module
        self.rules = rules
        self.torch = rules.library != "numpy"
        self.tree = _Tree(module)
        self.banned = frozenset(rules.banned)
        self.banned_methods = frozenset(
            name.rsplit(".", 1)[1]
            for name in rules.banned
            if name.count(".") == 2 and name.rsplit(".", 1)[0] in ("torch.Tensor", "numpy.ndarray")
        )
        self.aliases: dict[str, set[str]] = {}
        self._resolve_aliases()
        self._dotted: dict[ast.AST, frozenset[str]] = {}
        self._dotted_problems: dict[str, _Problem] = {}
        self._annotations = _annotations(self.tree.nodes)
        self.found: list[Finding] = []

    # ----- results

    def findings(self) -> list[Finding]:
        self._check_required_function()
        for node in self.tree.nodes:
            self._check_node(node)
        self._check_recursion()
        unique: dict[tuple[int, int, str], Finding] = {}
        for finding in self.found:
            unique.setdefault((finding.line, finding.col, finding.code), finding)
        return sorted(unique.values(), key=lambda f: (f.line, f.col, f.code))

    def _add(self, node: ast.AST, code: str, message: str) -> None:
        self.found.append(_at(node, code, message))

    @property
    def _data_word(self) -> str:
        return "tensor" if self.torch else "array"

    def _loop(self, node: ast.AST, code: str, what: str) -> None:
        if self.torch:
            how = "compute on whole tensors instead (torch.where, gather, masks, broadcasting)"
        else:
            how = "compute on whole arrays instead (np.where, fancy indexing, masks, broadcasting)"
        self._add(node, code, f"{what}: {how}")

    # ----- the required function

    def _check_required_function(self) -> None:
        name = self.rules.function
        defs = [
            stmt
            for stmt in self.module.body
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name
        ]
        plain = [stmt for stmt in defs if isinstance(stmt, ast.FunctionDef)]
        if not plain:
            how = f"add `def {name}(...):` at the top level, not indented"
            if defs or name in self.tree.module_scope.functions:
                how = f"write it as a plain `def {name}(...):` statement at the top level"
            self.found.append(_finding("S005", 1, 1, f"the file does not define `{name}`: {how}"))
        for extra in defs[1:]:
            self._add(
                extra,
                "S006",
                f"`{name}` is defined again here (first on line {defs[0].lineno}): "
                "keep one definition so it is clear which one runs",
            )

    # ----- one node

    def _check_node(self, node: ast.AST) -> None:
        if isinstance(node, (ast.For, ast.AsyncFor)):
            what = "async for loop" if isinstance(node, ast.AsyncFor) else "for loop"
            self._loop(node, "L001", f"{what} runs its body once per element in Python")
        elif isinstance(node, ast.While):
            self._loop(node, "L002", "while loop repeats Python code step by step")
        elif isinstance(node, _COMPREHENSIONS):
            self._loop(node, *_COMPREHENSION_FINDINGS[type(node)])
        elif isinstance(node, (ast.Yield, ast.YieldFrom)):
            self._loop(node, "L013", "`yield` makes a generator that hands out values one by one")
        elif isinstance(node, ast.ClassDef):
            self._add(
                node,
                "L012",
                "class definition can hide iteration (__iter__, __getitem__): "
                "write plain functions that work on whole tensors or arrays",
            )
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            what = "global" if isinstance(node, ast.Global) else "nonlocal"
            self._add(
                node,
                "F006",
                f"`{what}` statement shares state between calls: "
                "pass values in as arguments and return results",
            )
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            self._check_import(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _is_dunder(node.name):
            self._add(node, "F005", self._dunder_message(node.name))
        elif isinstance(node, ast.Name):
            self._check_name(node)
        elif isinstance(node, ast.Attribute):
            self._check_reference(node, node.attr)
        elif isinstance(node, ast.Call) and (literal := self._getattr_literal(node)) is not None:
            self._check_reference(node, literal)

    # ----- imports

    def _import_allowed(self, module: str) -> bool:
        if module.split(".")[0] in _LIBRARY_ROOTS or module in _BASE_IMPORTS:
            return True
        extras = self.rules.allowed_imports
        return any(module == extra or module.startswith(extra + ".") for extra in extras)

    def _import_refused(self, node: ast.AST, module: str) -> None:
        allowed = ", ".join(("torch", "numpy", "math", "typing", *self.rules.allowed_imports))
        self._add(
            node,
            "F001",
            f"import of `{module}` is not allowed, a solution may import only {allowed}: "
            "use the library's own operations instead",
        )

    def _check_import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.asname and _is_dunder(alias.asname):
                self._add(alias, "F005", self._dunder_message(alias.asname))
            if isinstance(node, ast.Import):
                module = dotted = alias.name
            elif node.level or node.module is None:
                self._import_refused(alias, "." * node.level + (node.module or ""))
                continue
            else:
                module, dotted = node.module, f"{node.module}.{alias.name}"
            if not self._import_allowed(module):
                self._import_refused(alias, module)
            elif alias.name == "*":
                self._add(
                    alias,
                    "F008",
                    f"`from {module} import *` hides which names the file uses: "
                    "import the module and spell the names out",
                )
            elif module != "__future__":
                self._report(alias, self._dotted_problem(dotted, None))

    # ----- names and dotted references

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
            for dotted in sorted(self._resolve(value, {}) - known):
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
        literal = self._getattr_literal(node)
        if literal is not None:
            assert isinstance(node, ast.Call)
            return node.args[0], literal
        return None

    def _root_name(self, node: ast.expr) -> str | None:
        while (step := self._chain_step(node)) is not None:
            node = step[0]
        return node.id if isinstance(node, ast.Name) else None

    def _resolve(self, node: ast.expr, memo: dict[ast.AST, frozenset[str]]) -> frozenset[str]:
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

    def _getattr_literal(self, node: ast.AST) -> str | None:
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
            and self._is_builtin(node.func)
        ):
            return None
        return node.args[1].value

    def _is_builtin(self, node: ast.Name) -> bool:
        return not any(node.id in scope.bindings for scope in self.tree.scope_of[node].chain())

    def _extends(self, parent: ast.AST | None, node: ast.AST) -> bool:
        """True when the parent continues the dotted chain, so only the longest chain is checked."""
        if isinstance(parent, ast.Attribute):
            return parent.value is node
        if parent is None or self._getattr_literal(parent) is None:
            return False
        assert isinstance(parent, ast.Call)
        return parent.args[0] is node

    def _call_of(self, node: ast.AST) -> ast.Call | None:
        parent = self.tree.parent.get(node)
        return parent if isinstance(parent, ast.Call) and parent.func is node else None

    def _check_name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self._check_reference(node, None)
            if node.id in _GUARDED_BUILTINS and self._is_builtin(node):
                if not self._names_a_type(node):
                    self._check_builtin(node)
                return
        if _is_dunder(node.id):
            self._add(node, "F005", self._dunder_message(node.id))

    def _names_a_type(self, node: ast.Name) -> bool:
        """True for `tuple[...]`, `isinstance(x, list)`, `list` in annotations: never iterated."""
        if node.id not in _TYPE_BUILTINS:
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
        while current is not None and not isinstance(current, (ast.stmt, *_FunctionNode)):
            if current in self._annotations:
                return True
            current = self.tree.parent.get(current)
        return False

    def _check_reference(self, node: ast.expr, attribute: str | None) -> None:
        """Check a Name, an attribute or a getattr with a literal name."""
        dotted = self._resolve(node, self._dotted)
        if dotted and self._extends(self.tree.parent.get(node), node):
            return
        if not dotted:
            if attribute is not None:
                self._report(node, self._attribute_name_problem(attribute))
        elif isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            self._add(
                node,
                "F009",
                f"assigning to `{min(dotted)}` changes the library itself: keep your values in local names",
            )
        else:
            call = self._call_of(node)
            problems = (self._dotted_problem(name, call) for name in sorted(dotted))
            self._report(node, next((p for p in problems if p is not None), None))

    def _report(self, node: ast.AST, problem: _Problem) -> None:
        if problem is not None:
            self._add(node, *problem)

    def _dotted_problem(self, dotted: str, call: ast.Call | None) -> _Problem:
        """The first problem along a dotted name's prefixes; cached unless the call matters."""
        if dotted in _CALL_DEPENDENT:
            return self._dotted_problem_uncached(dotted, call)
        if dotted not in self._dotted_problems:
            self._dotted_problems[dotted] = self._dotted_problem_uncached(dotted, None)
        return self._dotted_problems[dotted]

    def _dotted_problem_uncached(self, dotted: str, call: ast.Call | None) -> _Problem:
        parts = dotted.split(".")
        for end in range(2, len(parts) + 1):
            prefix, part = ".".join(parts[:end]), parts[end - 1]
            if _is_dunder(part):
                return "F005", self._dunder_message(part)
            if part.startswith("_"):
                return "F004", f"`{prefix}` is private API: use public functions instead"
            if self._is_banned(prefix):
                return "F007", self._banned_message(prefix)
            if prefix in _FORBIDDEN_API:
                return (
                    "F003",
                    f"`{prefix}` is off limits in a drill solution: "
                    f"write the computation with ordinary {self._data_word} operations",
                )
            problem = self._library_loop_problem(prefix, call if end == len(parts) else None)
            if problem is not None:
                return problem
        if len(parts) == 3 and parts[0] + "." + parts[1] in ("torch.Tensor", "numpy.ndarray"):
            return self._method_problem(parts[2])
        return None

    def _library_loop_problem(self, dotted: str, call: ast.Call | None) -> _Problem:
        if dotted in _NUMPY_PER_ELEMENT:
            if dotted == "numpy.piecewise" and self._piecewise_of_constants(call):
                return None
            return (
                "L007",
                f"`{dotted}` still calls Python once per element: "
                "rewrite the function with array operations (ufuncs, np.where, broadcasting)",
            )
        if dotted in _NUMPY_ITERATORS:
            return (
                "L007",
                f"`{dotted}` walks the array one element at a time in Python: "
                "work on the whole array (broadcasting, np.where, fancy indexing)",
            )
        if dotted == "functools.reduce" or dotted.startswith("itertools."):
            return "L006", self._mapping_message(dotted)
        if dotted == "math.fsum" or (dotted == "math.prod" and not _only_shape_argument(call)):
            return "L010", self._iterating_message(dotted)
        return None

    @staticmethod
    def _piecewise_of_constants(call: ast.Call | None) -> bool:
        if call is None:
            return False
        funclist = call.args[2] if len(call.args) > 2 else None
        funclist = next((k.value for k in call.keywords if k.arg == "funclist"), funclist)
        return isinstance(funclist, (ast.List, ast.Tuple)) and all(
            _is_number_literal(elt) for elt in funclist.elts
        )

    def _attribute_name_problem(self, name: str) -> _Problem:
        """An attribute of something the gate cannot resolve: judged by its name alone."""
        if _is_dunder(name):
            return "F005", self._dunder_message(name)
        if name.startswith("_"):
            return "F004", f"`.{name}` is a private attribute: use the public API instead"
        return self._method_problem(name)

    def _method_problem(self, name: str) -> _Problem:
        if name in self.banned_methods or (name.endswith("_") and name[:-1] in self.banned_methods):
            return "F007", self._banned_message(f".{name}")
        if name in _PER_ELEMENT_METHODS:
            return (
                "L008",
                f"`.{name}` runs a Python function on every element: "
                "express that function with tensor operations (torch.where, broadcasting)",
            )
        if self.torch and name in _SCALAR_EXIT_METHODS:
            return (
                "L011",
                f"`.{name}()` moves values out of the tensor into Python one by one: "
                "keep the values in a tensor and combine them with tensor operations",
            )
        return None

    def _is_banned(self, dotted: str) -> bool:
        return dotted in self.banned or (dotted.endswith("_") and dotted[:-1] in self.banned)

    # ----- builtins

    def _check_builtin(self, node: ast.Name) -> None:
        name, call = node.id, self._call_of(node)
        if name in _DYNAMIC_BUILTINS:
            self._add(
                node,
                "F002",
                f"`{name}` reaches outside plain computation (dynamic code, introspection, "
                "files): write the computation directly",
            )
        elif name == "getattr":
            if call is None or self._getattr_literal(call) is None:
                self._add(
                    node,
                    "F002",
                    "`getattr` with a computed name hides which attribute is used: write `obj.name` out",
                )
        elif name == "type":
            if call is None or len(call.args) != 1 or call.keywords:
                self._add(
                    node,
                    "L012",
                    "`type` used to build or pass around classes can hide iteration: "
                    "write plain functions that work on whole tensors or arrays",
                )
        elif name in _MAPPING_BUILTINS:
            self._add(node, "L006", self._mapping_message(name))
        elif name in _STEPPING_BUILTINS:
            self._add(
                node,
                "L009",
                f"`{name}` steps through values one at a time: "
                f"index, slice or reduce the whole {self._data_word} instead",
            )
        elif not self._harmless_builtin_call(name, call):
            self._add(node, "L010", self._iterating_message(name))

    @staticmethod
    def _harmless_builtin_call(name: str, call: ast.Call | None) -> bool:
        """The documented exceptions: `max(1, n)`, `tuple(x.shape)`, `list()`, `dict(a=1)`."""
        if call is None:
            return False
        if name in ("min", "max"):
            return (
                len(call.args) >= 2
                and not call.keywords
                and not any(isinstance(arg, _NOT_SCALAR) for arg in call.args)
            )
        if name in _CONTAINER_BUILTINS:
            return (not call.args and not call.keywords) or _only_shape_argument(call)
        if name == "dict":
            return not call.args and all(keyword.arg is not None for keyword in call.keywords)
        return False

    # ----- recursion

    def _check_recursion(self) -> None:
        edges = self._call_edges()
        for component in _strongly_connected(self.tree.functions, edges):
            members = set(component)
            start = min(component, key=_position)
            calls_itself = any(edge.target is start for edge in edges.get(start, ()))
            if len(component) == 1 and not calls_itself:
                continue
            path = _cycle_from(start, edges, members)
            names = " -> ".join([start.name, *(edge.target.name for edge in path)])
            self._add(
                path[0].site,
                "L005",
                f"recursion ({names}) repeats work like a loop: use cumulative or batched "
                "operations (cumsum, cumprod, broadcasting) instead",
            )

    def _call_edges(self) -> dict[_Scope, list[_Edge]]:
        """Function -> functions it names or defines as lambdas, resolved lexically."""
        edges: dict[_Scope, list[_Edge]] = {}
        for function in self.tree.functions:
            if isinstance(function.node, ast.Lambda) and function.parent is not None:
                edges.setdefault(function.parent, []).append(_Edge(function, function.node))
        for node in self.tree.nodes:
            if not (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)):
                continue
            scope = self.tree.scope_of[node]
            for candidate in scope.chain():
                if node.id in candidate.functions:
                    targets = candidate.functions[node.id]
                    edges.setdefault(scope, []).extend(_Edge(target, node) for target in targets)
                    break
                if node.id in candidate.params:
                    break
        return edges

    # ----- messages

    def _mapping_message(self, name: str) -> str:
        if self.torch:
            how = "broadcasting, torch.where, or torch.vmap for a per-row function"
        else:
            how = "broadcasting, np.where or a ufunc"
        return (
            f"`{name}` calls a Python function once per element: "
            f"apply the operation to all of it at once ({how})"
        )

    def _iterating_message(self, name: str) -> str:
        torch_way, numpy_way = _BUILTIN_REPLACEMENTS[name]
        way = torch_way if self.torch else numpy_way
        return f"`{name}` iterates in Python one element at a time: use {way} instead"

    def _banned_message(self, name: str) -> str:
        return (
            f"`{name}` is banned in this drill because it does the exercise for you: "
            "build the result with the technique the drill teaches"
        )

    @staticmethod
    def _dunder_message(name: str) -> str:
        return (
            f"`{name}` reaches into Python internals, which a solution never needs: "
            "use the public API instead"
        )


def _annotations(nodes: list[ast.AST]) -> set[ast.AST]:
    """The roots of every annotation in the file."""
    roots: set[ast.AST] = set()
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            params = _parameters(node.args)
            roots.update(arg.annotation for arg in params if arg.annotation is not None)
            if node.returns is not None:
                roots.add(node.returns)
        elif isinstance(node, ast.AnnAssign):
            roots.add(node.annotation)
    return roots


def _position(scope: _Scope) -> tuple[int, int]:
    return getattr(scope.node, "lineno", 0), getattr(scope.node, "col_offset", 0)


def _strongly_connected(nodes: list[_Scope], edges: dict[_Scope, list[_Edge]]) -> list[list[_Scope]]:
    """Tarjan's algorithm with an explicit stack, so long call chains cannot exhaust recursion."""
    index: dict[_Scope, int] = {}
    low: dict[_Scope, int] = {}
    stack: list[_Scope] = []
    on_stack: set[_Scope] = set()
    components: list[list[_Scope]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[_Scope, int]] = [(root, 0)]
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
                component: list[_Scope] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member is node:
                        break
                components.append(component)
    return components


def _cycle_from(start: _Scope, edges: dict[_Scope, list[_Edge]], members: set[_Scope]) -> list[_Edge]:
    """The shortest chain of references from a function back to itself, inside its component."""
    came_by: dict[_Scope, tuple[_Scope, _Edge]] = {}
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
