"""Checks on what a file reaches for: its imports, dotted library names and attributes.

Every name is judged by the dotted paths it resolves to, so an alias or a literal
`getattr` is caught exactly like the spelled-out name; an attribute of something that
cannot be resolved is judged by its name alone.
"""

from __future__ import annotations

import ast

from vecdrill.gate.allow import AllowList
from vecdrill.gate.messages import (
    FindingLog,
    Problem,
    data_word,
    iterating_message,
    library,
    mapping_message,
    said,
)
from vecdrill.gate.names import NameResolver
from vecdrill.gate.rules import (
    BASE_IMPORTS,
    CALL_DEPENDENT,
    FILE_METHODS,
    FORBIDDEN_API,
    FORBIDDEN_API_EXCEPT,
    INTROSPECTION_ATTRIBUTES,
    LIBRARY_ROOTS,
    METHOD_OWNERS,
    NUMPY_ITERATORS,
    NUMPY_PER_ELEMENT,
    PER_ELEMENT_METHODS,
    SCALAR_EXIT_METHODS,
    GateRules,
    is_dunder,
    only_shape_argument,
)


class ReferenceChecker:
    """Applies the import allow-list and the library, private and banned-name rules, and keeps
    the library names the file uses (`used`), which the checking child resolves to what they are
    before the file runs: a dotted name that passes by its spelling may still lead elsewhere
    (`torch.functional.torch.os` is the os module)."""

    def __init__(self, rules: GateRules, names: NameResolver, log: FindingLog) -> None:
        self.rules = rules
        self.names = names
        self.log = log
        self.used: dict[str, tuple[int, int]] = {}  # dotted name -> where it is first used
        self.torch = rules.library != "numpy"
        self.allow = AllowList(rules)
        self.banned = frozenset(rules.banned)
        self.banned_methods = frozenset(
            name.rsplit(".", 1)[1]
            for name in rules.banned
            if name.count(".") == 2 and name.rsplit(".", 1)[0] in METHOD_OWNERS
        )
        self._dotted: dict[ast.AST, frozenset[str]] = {}
        self._dotted_problems: dict[str, Problem] = {}

    # ----- imports

    def check_import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.asname and is_dunder(alias.asname):
                self.log.add(alias, "F005", said("dunder", name=alias.asname))
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
                self.log.add(alias, "F008", said("star_import", module=module))
            elif module != "__future__":
                self.log.add_problem(alias, self._dotted_problem(dotted, None))
                self._use(alias, dotted)

    def _import_allowed(self, module: str) -> bool:
        if module.split(".")[0] in LIBRARY_ROOTS or module in BASE_IMPORTS:
            return True
        extras = self.rules.allowed_imports
        return any(module == extra or module.startswith(extra + ".") for extra in extras)

    def _import_refused(self, node: ast.AST, module: str) -> None:
        allowed = ", ".join(("torch", "numpy", "math", "typing", *self.rules.allowed_imports))
        self.log.add(node, "F001", said("import", module=module, allowed=allowed))

    # ----- names and dotted references

    def check(self, node: ast.expr, attribute: str | None) -> None:
        """Check a Name, an attribute or a getattr with a literal name."""
        dotted = self.names.resolve(node, self._dotted)
        if dotted and self.names.extends(self.names.tree.parent.get(node), node):
            return
        if not dotted:
            if attribute is not None:
                self.log.add_problem(node, self._attribute_name_problem(attribute))
        elif isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            self.log.add(node, "F009", said("assigns_library", name=min(dotted)))
        else:
            call = self.names.call_of(node)
            problems = (self._dotted_problem(name, call) for name in sorted(dotted))
            self.log.add_problem(node, next((p for p in problems if p is not None), None))
            for name in dotted:
                self._use(node, name)

    def _use(self, node: ast.AST, dotted: str) -> None:
        self.used.setdefault(dotted, (getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1))

    def _dotted_problem(self, dotted: str, call: ast.Call | None) -> Problem:
        """The first problem along a dotted name's prefixes; cached unless the call matters."""
        if dotted in CALL_DEPENDENT:
            return self._dotted_problem_uncached(dotted, call)
        if dotted not in self._dotted_problems:
            self._dotted_problems[dotted] = self._dotted_problem_uncached(dotted, None)
        return self._dotted_problems[dotted]

    def _dotted_problem_uncached(self, dotted: str, call: ast.Call | None) -> Problem:
        parts = dotted.split(".")
        for end in range(2, len(parts) + 1):
            prefix, part = ".".join(parts[:end]), parts[end - 1]
            if is_dunder(part):
                return "F005", said("dunder", name=part)
            if part.startswith("_"):
                return "F004", said("private", name=prefix)
            if self._is_banned(prefix):
                return self.banned_problem(prefix if prefix in self.banned else prefix[:-1], prefix)
            if (prefix in FORBIDDEN_API and dotted not in FORBIDDEN_API_EXCEPT) or part in FILE_METHODS:
                return "F003", said("off_limits", name=prefix, data=data_word(self.torch))
            problem = self._library_loop_problem(prefix, call if end == len(parts) else None)
            if problem is not None:
                return problem
        if len(parts) == 3 and parts[0] + "." + parts[1] in METHOD_OWNERS:
            return self._method_problem(parts[2])
        return self.allow.dotted_problem(dotted)

    def _library_loop_problem(self, dotted: str, call: ast.Call | None) -> Problem:
        if dotted in NUMPY_PER_ELEMENT:
            if dotted == "numpy.piecewise" and _piecewise_of_constants(call):
                return None
            return "L007", said("per_element_numpy", name=dotted)
        if dotted in NUMPY_ITERATORS:
            return "L007", said("numpy_iterator", name=dotted)
        if dotted == "functools.reduce" or dotted.startswith("itertools."):
            return "L006", mapping_message(dotted, self.torch)
        if dotted == "math.fsum" or (dotted == "math.prod" and not only_shape_argument(call)):
            return "L010", iterating_message(dotted, self.torch)
        return None

    def _attribute_name_problem(self, name: str) -> Problem:
        """An attribute of something the gate cannot resolve: judged by its name alone."""
        if is_dunder(name):
            return "F005", said("dunder", name=name)
        if name.startswith("_"):
            return "F004", said("private_attribute", name=name)
        if name in INTROSPECTION_ATTRIBUTES:
            return "F002", said("introspection", name=name)
        return self._method_problem(name)

    def _method_problem(self, name: str) -> Problem:
        if name in self.banned_methods or (name.endswith("_") and name[:-1] in self.banned_methods):
            base = name if name in self.banned_methods else name[:-1]
            entry = next(b for b in sorted(self.banned) if b.rsplit(".", 1)[-1] == base and "." in b)
            return self.banned_problem(entry, f".{name}")
        if name in FILE_METHODS:
            return "F003", said("file_method", name=name)
        if name in PER_ELEMENT_METHODS:
            return "L008", said("per_element_method", name=name)
        if name in SCALAR_EXIT_METHODS:  # numpy's arrays as torch's tensors: the same lesson
            return "L011", said(f"to_python.{library(self.torch)}", name=name)
        return self.allow.attribute_problem(name)

    def banned_problem(self, entry: str, shown: str) -> Problem:
        """F007 for a banned name, as the file spells it (`shown`), with the drill's reason when it
        gives one."""
        reason = self.rules.reason(entry)
        if reason is not None:
            return "F007", said("banned_because", name=shown, reason=reason)
        return "F007", said("banned", name=shown)

    def _is_banned(self, dotted: str) -> bool:
        return dotted in self.banned or (dotted.endswith("_") and dotted[:-1] in self.banned)


def _piecewise_of_constants(call: ast.Call | None) -> bool:
    """True for `np.piecewise(x, conds, [0, 1])`: constants, so no Python runs per element."""
    if call is None:
        return False
    funclist = call.args[2] if len(call.args) > 2 else None
    funclist = next((k.value for k in call.keywords if k.arg == "funclist"), funclist)
    return isinstance(funclist, (ast.List, ast.Tuple)) and all(
        _is_number_literal(elt) for elt in funclist.elts
    )


def _is_number_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float, complex))
