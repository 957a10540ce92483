"""Device syncs inside a loop over a tensor: one value copied to the host per step.

`.item()`, `.tolist()`, `.cpu()`, `.numpy()`, `int(t)`, `float(t)`, `bool(t)` and `if t:` each make a
GPU finish its queue and send a value to Python. Once, to read a size, that is fine; once per step
of a loop over the tensor's own elements, the GPU idles between tiny kernels. Numpy arrays live on
the host already, so only torch tensors are judged here.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator

from vecdrill.gate.rules import SCALAR_EXIT_METHODS
from vecdrill.gate.sequential import SCALAR_READ_METHODS
from vecdrill.lint.loops import HOST, Iteration
from vecdrill.lint.tensors import NUMPY, TORCH, Facts

_HOST_COPIES = frozenset({*SCALAR_EXIT_METHODS, "cpu", "numpy"})
_CONVERSIONS = frozenset({"int", "float", "bool"})
_BUILTINS = frozenset(dir(builtins))
_FACTORIES = frozenset(
    f"torch.{name}"
    for name in ("zeros", "ones", "empty", "full", "rand", "randn", "arange", "eye", "randint")
)
_DATA_SHAPED = frozenset({"nonzero", "argwhere", "masked_select", "unique", "unique_consecutive"})


def judged(walk: Iteration, torch_file: bool) -> bool:
    """True for a loop over a torch tensor's elements or positions (a tensor whose library is
    unknown counts as torch in a file that imports torch)."""
    if walk.walks == HOST or walk.kind == NUMPY or walk.by_use:
        return False
    return walk.kind == TORCH or torch_file


def syncs(nodes: list[ast.AST], walk: Iteration, facts: Facts) -> Iterator[tuple[ast.AST, str, str]]:
    """(node, code, the call) for each sync whose value changes with the loop's step."""
    varying = _varying_names(nodes, walk)
    rebound = {
        sub.id
        for node in _walk_body(nodes)
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        for sub in ast.walk(target)
        if isinstance(sub, ast.Name)
    }
    elements = set(walk.element_names) - rebound
    if _syncs_anyway(nodes, facts) or _calls_other_code(nodes, facts):
        return
    for node in _walk_body(nodes):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args:
            method, subject = node.func.attr, node.func.value
            if not _mentions(subject, varying) or _made_on_the_spot(subject, facts):
                continue
            if method in SCALAR_READ_METHODS and facts.kind(subject) != NUMPY:
                yield node, "VD110", f".{method}()"
            elif (
                method in _HOST_COPIES
                and _torch(subject, facts, walk, elements, strict=method == "tolist")
                and not _fed_to_other_code(node, nodes, facts)
            ):
                yield node, "VD111", f".{method}()"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _CONVERSIONS
            and len(node.args) == 1
            and _mentions(node.args[0], varying)
            and _torch(node.args[0], facts, walk, elements, strict=True)
        ):
            yield node, "VD112", f"{node.func.id}()"
        elif (
            isinstance(node, (ast.If, ast.While, ast.IfExp))
            and _mentions(node.test, varying)
            and _torch(node.test, facts, walk, elements, strict=True)
        ):
            yield node.test, "VD112", "if"


def _torch(node: ast.expr, facts: Facts, walk: Iteration, elements: set[str], strict: bool) -> bool:
    """True when the value is a torch tensor: by the function's facts, or as an element of the
    loop that the body does not rebind; `strict` wants the value itself to be one, not a method's."""
    kind = facts.kind(node)
    if isinstance(node, ast.Compare) and any(
        isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops
    ):
        return False  # `v is None`, `v in seen`: Python's own answer, no read of the tensor
    if kind is None and isinstance(node, ast.Compare) and len(node.ops) == 1:
        return _torch(node.left, facts, walk, elements, strict)
    if kind is None:
        root = node
        while isinstance(root, ast.Subscript) or (not strict and isinstance(root, ast.Attribute)):
            root = root.value
        if isinstance(root, ast.Name) and root.id in elements:
            kind = walk.kind
    return kind == TORCH or (kind is not None and kind != NUMPY and walk.kind != NUMPY)


def _varying_names(nodes: list[ast.AST], walk: Iteration) -> set[str]:
    """The loop's names and the names the body derives from them."""
    varying = set(walk.names)
    assignments = [node for node in _walk_body(nodes) if isinstance(node, (ast.Assign, ast.For))]
    for _ in range(3):
        before = len(varying)
        for node in assignments:
            value = node.value if isinstance(node, ast.Assign) else node.iter
            if _mentions(value, varying):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                varying |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        if len(varying) == before:
            break
    return varying


def _walk_body(nodes: list[ast.AST]) -> Iterator[ast.AST]:
    """Every node of a loop body that runs at every step: not the functions and lambdas it
    defines, nor a branch that leaves the loop (`if found: i = t.item(); break` runs once)."""
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        yield node
        children = list(ast.iter_child_nodes(node))
        if isinstance(node, ast.If):
            children = [node.test, *_unless_leaving(node.body), *_unless_leaving(node.orelse)]
        stack.extend(reversed(children))


def _unless_leaving(branch: list[ast.stmt]) -> list[ast.stmt]:
    return [] if any(isinstance(s, (ast.Break, ast.Return, ast.Raise)) for s in branch) else branch


def _syncs_anyway(nodes: list[ast.AST], facts: Facts) -> bool:
    """True when every step already waits for the device: a call whose result's shape depends on
    the data (`nonzero`, `torch.where(mask)`, `x[mask]`), which no hoisting removes."""
    masks = {
        target.id
        for node in _walk_body(nodes)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Compare)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    # Names holding a reduction of this step's data (`n = torch.sum(mask)`, `m = x.max()`): a
    # tensor made with such a size (`torch.zeros(n, d)`) waits for the device to know it.
    reduced = {
        target.id
        for node in _walk_body(nodes)
        if isinstance(node, ast.Assign) and _is_reduction(node.value, facts)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    for node in _walk_body(nodes):
        if isinstance(node, ast.Subscript) and _mentions(node.slice, masks):
            return True
        if (
            isinstance(node, ast.Call)
            and facts.aliases.dotted(node.func) in _FACTORIES
            and any(_mentions(arg, reduced) for arg in [*node.args, *(k.value for k in node.keywords)])
        ):
            return True
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in _DATA_SHAPED or (name == "where" and len(node.args) == 1):
                return True
        if isinstance(node, ast.Subscript) and any(isinstance(s, ast.Compare) for s in ast.walk(node.slice)):
            return True
    return False


def _calls_other_code(nodes: list[ast.AST], facts: Facts) -> bool:
    """True when a step calls code that is neither torch's, numpy's, a tensor's or a container's
    method nor a builtin: a helper of the project (`check_segment_validity(...)`), a method of
    `self`, another library. Each step is then that code's work, which may need the value on the
    host and may wait for the device itself; what a sync costs there is not the lint's to judge."""
    for node in _walk_body(nodes):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            if func.id not in _BUILTINS and func.id not in facts.aliases.names:
                return True
        elif isinstance(func, ast.Attribute) and facts.aliases.dotted(func) is None:
            root = func.value
            while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
                root = root.func if isinstance(root, ast.Call) else root.value
            if isinstance(root, ast.Name) and (root.id in ("self", "cls") or root.id in facts.aliases.others):
                return True
    return False


def _made_on_the_spot(subject: ast.expr, facts: Facts) -> bool:
    """True for `torch.randint(n, (1,)).item()`: a value made on the host, not read from data."""
    return isinstance(subject, ast.Call) and facts.aliases.dotted(subject.func) in _FACTORIES


def _is_reduction(value: ast.expr, facts: Facts) -> bool:
    if not isinstance(value, (ast.Call, ast.BinOp)):
        return False
    calls = [sub for sub in ast.walk(value) if isinstance(sub, ast.Call)]
    for call in calls:
        func = call.func
        dotted = facts.aliases.dotted(func)
        name = dotted.rpartition(".")[2] if dotted else getattr(func, "attr", "")
        if name in ("sum", "max", "min", "amax", "amin", "count_nonzero", "numel"):
            return True
    return False


def _fed_to_other_code(node: ast.Call, nodes: list[ast.AST], facts: Facts) -> bool:
    """True for `scipy_function(t.cpu())`, or `z = t.cpu()` then `f(z)`: the copy exists to hand
    the tensor to code that is not torch's, and each step's work is that code's."""
    handed: set[str] = set()
    for call in _walk_body(nodes):
        if isinstance(call, ast.Call) and other_code(call.func, facts):
            if any(arg is node for arg in call.args):
                return True
            handed |= {arg.id for arg in call.args if isinstance(arg, ast.Name)}
    return any(
        isinstance(statement, ast.Assign)
        and _ends_in(statement.value, node)
        and any(isinstance(t, ast.Name) and t.id in handed for t in statement.targets)
        for statement in _walk_body(nodes)
    )


def other_code(func: ast.expr, facts: Facts) -> bool:
    """A function that is neither torch's nor numpy's nor a tensor's method nor a builtin."""
    if facts.aliases.dotted(func) is not None or (isinstance(func, ast.Name) and func.id in _BUILTINS):
        return False
    return not (isinstance(func, ast.Attribute) and facts.kind(func.value) is not None)


def _ends_in(value: ast.expr, node: ast.AST) -> bool:
    """True when `node` is the value, or the last call of a chain over it (`t.cpu().float()`)."""
    while value is not node and isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        value = value.func.value
    return value is node


def _mentions(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(sub, ast.Name) and sub.id in names for sub in ast.walk(node))
