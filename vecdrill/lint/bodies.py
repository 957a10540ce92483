"""Read the body of a loop over tensor data: does each step only do arithmetic on its elements?

A body qualifies when every statement is an assignment, an accumulation, a list append, an `if`,
or an inner loop over tensor data, and every expression is arithmetic, indexing, a comparison, or
a call of a torch, numpy or math function or of a tensor's own method. Any other call (a model, a
helper, `print`), a `break`, a `return`, a `try`, or a value carried from one step to the next
(`out[i] = out[i - 1] + x[i]`, `h = f(h)`) makes the loop something the lint does not judge: it
may be a recurrence or real control flow, and precision matters more than recall.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TypeGuard

from vecdrill.gate.rules import FORBIDDEN_API
from vecdrill.lint.loops import HOST, INDICES, Iteration, iteration
from vecdrill.lint.tensors import Facts

# Builtins that compute on one value (or a few): per-element arithmetic, not iteration.
_SCALAR_BUILTINS = frozenset({"abs", "min", "max", "float", "int", "round", "bool", "len", "pow", "sum"})
# Calls whose result's shape depends on the data: a loop of them is not one whole-tensor call.
_DATA_SHAPED = frozenset(
    {
        *("nonzero", "argwhere", "flatnonzero", "unique", "unique_consecutive", "masked_select"),
        *("bincount", "histc", "histogram", "backward", "append", "extend"),
    }
)
_NOT_PURE = ("torch.cuda", "torch.backends", "torch.random", "numpy.random.seed")


@dataclass
class Body:
    """What one loop's body does, when every step is arithmetic on its elements (`simple`)."""

    simple: bool = True
    reads_data: bool = False  # a tensor element read that changes with the step
    writes: bool = False  # out[i] = ...
    accumulates: bool = False  # total += ...
    appends: set[str] = field(default_factory=set)  # rows.append(...)
    gathers: bool = False  # x[i, idx[i]]: an index read from a tensor
    scatters: bool = False  # out[idx[i]] += ...: a position read from a tensor
    branches: bool = False  # an `if` or `a if c else b` on element values
    masks_by_length: bool = False  # mask[i, :lengths[i]] = 1
    products: bool = False  # acc += a[i, k] * b[k, j], or a[i] @ b[j]
    depth: int = 1  # loops nested in the body, this one included
    loop_names: list[frozenset[str]] = field(default_factory=list)  # each level's names
    pairs: bool = False  # a value from a[i] and b[j]: one index per loop level
    computes: bool = False  # arithmetic or a tensor method on the step's data, not only indexing


class BodyReader:
    """Reads one loop (and the loops nested in it) into a `Body`."""

    def __init__(self, facts: Facts, walk: Iteration) -> None:
        self.facts = facts
        self.body = Body(loop_names=[walk.names])
        # The positions of a loop over a tensor's size (`range(len(pred))`): a name of unknown
        # type indexed by them (`target[i]`) walks alongside that tensor, one element per step.
        self.parallel = walk.index_names if walk.walks == INDICES and not walk.by_use else frozenset()
        self.varying: set[str] = set(walk.names)  # names whose value changes with the step
        self.data: set[str] = set() if walk.walks == HOST else set(walk.element_names)
        self.local: dict[str, str] = {name: walk.kind for name in self.data}
        self.assigned: set[str] = set(walk.names)
        self.read_names: set[str] = set()
        # What the innermost loop being read has set and read so far: a name it reads before it
        # sets it carries a value from its own step before (`x = a * x + u[t]`).
        self.assigned_here: set[str] = set(walk.names)
        self.read_here: set[str] = set()
        self.written: dict[str, str] = {}  # tensor written -> ast.dump of the index it is written at
        self.accumulators: set[str] = set()  # reductions carried across steps
        self.whole_reads: set[str] = set()  # names read whole, not through an index
        self.indexed_reads: dict[str, set[str]] = {}  # tensor -> the indexes it is read at
        self.read_levels: list[frozenset[int]] = []  # the loop levels of each tensor read

    def read_comprehension(self, element: ast.expr, conditions: list[ast.expr]) -> Body:
        """A comprehension's element and its `if` clauses, read as a one-statement body."""
        for condition in conditions:
            self._test(condition)
        self._expression(element)
        return self.body

    def read(self, statements: list[ast.stmt]) -> Body:
        for statement in statements:
            if not self.body.simple:
                break
            self._statement(statement)
        if self.accumulators & self.read_names:
            self.body.simple = False  # `total += x[i]; y[i] = total` carries a value between steps
        return self.body

    def _fail(self) -> None:
        self.body.simple = False

    def _statement(self, node: ast.stmt) -> None:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            if node.value is None:
                return
            self._expression(node.value)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                self._bind(target, node.value)
        elif isinstance(node, ast.AugAssign):
            self._expression(node.value)
            if isinstance(node.target, ast.Name):
                self._accumulate(node.target.id, node.value)
            else:
                self._write(node.target, node.value, accumulate=True)
        elif isinstance(node, ast.If):
            self._test(node.test)
            for branch in (node.body, node.orelse):
                for statement in branch:
                    self._statement(statement)
        elif isinstance(node, ast.Expr):
            self._call_statement(node.value)
        elif isinstance(node, ast.For):
            self._inner_loop(node)
        elif not isinstance(node, (ast.Pass, ast.Continue)):
            self._fail()

    def _accumulate(self, name: str, value: ast.expr) -> None:
        """`total += x[i]`: a reduction. One set in this body (`total = 0.0` before an inner
        loop) is reset every step and may be read; one from before the loop may not."""
        self.body.accumulates = True
        if _is_product(value):
            self.body.products |= self._product_of_reads(value)
        if name in self.assigned:
            return
        self.accumulators.add(name)
        if name in self.read_names:
            self._fail()

    def _call_statement(self, node: ast.expr) -> None:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            self._fail()
            return
        receiver, method = node.func.value, node.func.attr
        if method == "append" and isinstance(receiver, ast.Name) and len(node.args) == 1:
            if self.facts.kind(receiver) is not None:
                self._fail()  # a tensor's own append is no Python list
            self.body.appends.add(receiver.id)
            self._expression(node.args[0])
        elif method.endswith("_") and self._outer_tensor(receiver):
            # x[i].mul_(2): an in-place write of one element, which is no read of data
            if isinstance(receiver, ast.Subscript):
                self._index(receiver.slice, writing=True)
            for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
                self._expression(argument)
            self.body.writes = True
        else:
            self._fail()

    def _outer_tensor(self, node: ast.expr) -> bool:
        """True for `out[i]` or `out` with `out` a tensor from before the loop: a write the loop
        makes into its result, not into a scratch tensor of one step."""
        while isinstance(node, ast.Subscript):
            node = node.value
        return isinstance(node, ast.Name) and node.id not in self.local and self.facts.kind(node) is not None

    def _inner_loop(self, node: ast.For) -> None:
        inner = iteration(node.target, node.iter, self.facts, list(node.body))
        if inner is None or node.orelse or inner.walks == HOST or self._reads_data(node.iter):
            self._fail()  # a range from the data (`range(start, lengths[i])`) is ragged
            return
        source = node.iter
        drives = isinstance(source, ast.Call) and isinstance(source.func, ast.Name)
        for part in source.args if drives and isinstance(source, ast.Call) else [source]:
            self._expression(part)  # range(m): its bound, not the builtin that walks it
        self.varying |= inner.names
        self.assigned |= inner.names
        outer_assigned, outer_read = self.assigned_here, self.read_here
        self.assigned_here, self.read_here = set(inner.names), set()
        self.data |= inner.element_names
        self.local.update(dict.fromkeys(inner.element_names, inner.kind))
        self.body.loop_names.append(inner.names)
        self.body.depth = max(self.body.depth, len(self.body.loop_names))
        for statement in node.body:
            self._statement(statement)
        self.assigned_here = outer_assigned | self.assigned_here
        self.read_here = outer_read | self.read_here

    def _bind(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            if target.id in self.read_here and target.id not in self.assigned_here:
                self._fail()  # read before it is set: its value comes from the step before
            if target.id in self.body.loop_names[0] or target.id in self.accumulators:
                self._fail()
            self.assigned.add(target.id)
            self.assigned_here.add(target.id)
            if self._varies(value):
                self.varying.add(target.id)
            kind = self._data_kind(value)
            if kind is not None or self._reads_data(value):
                self.data.add(target.id)
                if kind is not None and self._varies(value):
                    self.local[target.id] = kind
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._bind(element.value if isinstance(element, ast.Starred) else element, value)
        elif isinstance(target, ast.Subscript):
            self._write(target, value, accumulate=False)
        else:
            self._fail()

    def _write(self, target: ast.expr, value: ast.expr, accumulate: bool) -> None:
        if not isinstance(target, ast.Subscript) or not isinstance(target.value, ast.Name):
            self._fail()
            return
        name = target.value.id
        if self.facts.kind(target.value) is None or name in self.varying:
            self._fail()  # a Python list or dict, or a row of the loop itself
            return
        index = target.slice
        self._index(index, writing=True)
        key = ast.dump(index)
        earlier = self.indexed_reads.get(name, set()) - {key}
        if self.written.setdefault(name, key) != key or earlier or name in self.whole_reads:
            self._fail()  # written at two places, or read elsewhere: a value carried between steps
            return
        if self._ragged(index):
            if self._varies(value) or (not accumulate and not _constant(value)):
                self._fail()
            self.body.masks_by_length = True
        elif self._data_index(index):
            self.body.scatters = True
        elif self._varies(index):
            self.body.writes = True
            if accumulate and _is_product(value):
                self.body.products |= self._product_of_reads(value)
            self._note_pairs(index)
        else:
            self._fail()

    def _test(self, test: ast.expr) -> None:
        self._expression(test)
        if self._reads_data(test):
            self.body.branches = True

    def _reads_data(self, node: ast.expr) -> bool:
        """True when the value uses tensor data of this step: an element of the loop, a name
        derived from one, or a tensor indexed by a position that changes with the step."""
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and sub.id in self.data:
                return True
            if (
                isinstance(sub, ast.Subscript)
                and self._data_kind(sub.value) is not None
                and self._varies(sub.slice)
            ):
                return True
        return False

    def _expression(self, node: ast.expr) -> None:
        """Check one expression, noting the names it reads and the tensor elements it reads."""
        stack: list[ast.AST] = [node]
        while stack and self.body.simple:
            current = stack.pop()
            if isinstance(current, ast.Name):
                self._read_name(current.id)
                continue
            if isinstance(current, ast.Subscript):
                self._subscript(current)
                if not isinstance(current.value, ast.Name):
                    stack.append(current.value)
                continue
            if isinstance(current, ast.Call):
                if not self._pure_call(current):
                    self._fail()
                    return
                if _is_dot(current, self.facts):
                    self._note_products(current)
                if self._computes_with(current):
                    self.body.computes = True
            elif isinstance(current, ast.IfExp):
                self._test(current.test)
                stack.extend([current.body, current.orelse])
                continue
            elif not isinstance(current, _PLAIN):
                self._fail()
                return
            if isinstance(current, _OPERATIONS) and self._reads_data(current):
                self.body.computes = True
            if isinstance(current, ast.BinOp) and isinstance(current.op, ast.MatMult):
                self.body.products = True
            stack.extend(ast.iter_child_nodes(current))

    def _computes_with(self, call: ast.Call) -> bool:
        """A call that computes on this step's data: a tensor's method (`row.norm()`), or a
        library function given data (`torch.softmax(x[i], 0)`), not a grid of indices."""
        func = call.func
        dotted = self.facts.aliases.dotted(func)
        if dotted is None and isinstance(func, ast.Attribute):
            return func.attr not in _MOVES and self._reads_data(func.value)
        name = dotted.rpartition(".")[2] if dotted else ""
        return name not in _GRIDS and any(self._reads_data(arg) for arg in call.args)

    def _read_name(self, name: str) -> None:
        self.read_names.add(name)
        self.read_here.add(name)
        self.whole_reads.add(name)
        if name in self.data:
            self.body.reads_data = True
        if name in self.written:
            self._fail()  # the whole tensor written in the loop is read in it

    def _subscript(self, node: ast.Subscript) -> None:
        value = node.value
        self._index(node.slice, writing=False)
        if self._ragged(node.slice):
            self._fail()  # x[i, :lengths[i]]: a ragged row, not one element
            return
        if self._varies(node.slice) and self._data_kind(value) is None:
            if self._parallel_parameter(value, node.slice):
                self.body.reads_data = True  # target[i] beside pred[i] in range(len(pred))
            else:
                self._fail()  # batch[i] of a Python list: the data is not in a tensor
                return
        if any(isinstance(sub, ast.Compare) for sub in ast.walk(node.slice)) and self._varies(node.slice):
            self._fail()  # x[labels == k]: a selection whose size depends on the data
            return
        if self._data_kind(value) is not None and self._varies(node.slice):
            self.body.reads_data = True
            if self._data_index(node.slice):
                self.body.gathers = True
        if isinstance(value, ast.Name):
            self.read_names.add(value.id)
            self.read_here.add(value.id)
            self.indexed_reads.setdefault(value.id, set()).add(ast.dump(node.slice))
            if value.id in self.written and ast.dump(node.slice) != self.written[value.id]:
                self._fail()  # out[i - 1] read where out[i] is written: a recurrence
            if value.id in self.data:
                self.body.reads_data = True
        if self._data_kind(value) is not None:
            self.read_levels.append(self._levels(node.slice))

    def _index(self, index: ast.expr, writing: bool) -> None:
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        for part in parts:
            if isinstance(part, ast.Slice):
                for bound in (part.lower, part.upper, part.step):
                    if bound is not None:
                        self._expression(bound)
            else:
                self._expression(part)

    def _pure_call(self, call: ast.Call) -> bool:
        func = call.func
        if any(isinstance(arg, ast.Starred) for arg in call.args):
            return False
        if isinstance(func, ast.Name):
            return func.id in _SCALAR_BUILTINS
        dotted = self.facts.aliases.dotted(func)
        if dotted is not None:
            name = dotted.rpartition(".")[2]
            forbidden = any(dotted.startswith(prefix) for prefix in (*FORBIDDEN_API, *_NOT_PURE))
            one_argument_where = name == "where" and len(call.args) == 1
            return not forbidden and name not in _DATA_SHAPED and not one_argument_where
        if isinstance(func, ast.Attribute):
            return func.attr not in _DATA_SHAPED and self._data_kind(func.value) is not None
        return False

    def _parallel_parameter(self, value: ast.expr, index: ast.expr) -> bool:
        """`target[i]` with `target` a parameter of the function, in a loop over the positions of
        a tensor's size: arrays passed in together and walked together."""
        return (
            bool(self.parallel)
            and isinstance(value, ast.Name)
            and value.id in self.facts.parameters
            and _indexed_by(index, self.parallel)
        )

    def _data_kind(self, node: ast.expr) -> str | None:
        """The kind of a tensor expression, counting the loop's elements and the names the body
        derives from them."""
        while isinstance(node, (ast.Subscript, ast.Attribute)) and not _is_shape(node):
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.local:
            return self.local[node.id]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            inner = self._data_kind(node.func.value)
            if inner is not None:
                return inner
        return self.facts.kind(node)

    def _varies(self, node: ast.expr) -> bool:
        return self._mentions(node, self.varying)

    def _mentions(self, node: ast.expr, names: set[str]) -> bool:
        return any(isinstance(sub, ast.Name) and sub.id in names for sub in ast.walk(node))

    def _data_index(self, index: ast.expr) -> bool:
        """True when a position comes from tensor data: `idx[i]`, or an element of the loop."""
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        for part in parts:
            if isinstance(part, ast.Slice):
                continue
            if self._mentions(part, self.data):
                return True
            if any(
                isinstance(sub, ast.Subscript) and self.facts.kind(sub.value) is not None
                for sub in ast.walk(part)
            ):
                return True
        return False

    def _ragged(self, index: ast.expr) -> bool:
        """True for a slice whose bound changes with the step: `x[i, :lengths[i]]`."""
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        return any(
            isinstance(part, ast.Slice)
            and any(bound is not None and self._varies(bound) for bound in (part.lower, part.upper))
            for part in parts
        )

    def _levels(self, index: ast.expr) -> frozenset[int]:
        """Which loop levels' names a position uses: {0} for a[i], {1} for b[j], {0, 1} for both."""
        used = {sub.id for sub in ast.walk(index) if isinstance(sub, ast.Name)}
        return frozenset(level for level, names in enumerate(self.body.loop_names) if used & names)

    def _note_pairs(self, index: ast.expr) -> None:
        """A write at out[i, j] of a value read from a[i] and b[j]: a table over all pairs."""
        if len(self.body.loop_names) < 2 or not {0, 1} <= self._levels(index):
            return
        levels = set(self.read_levels)
        self.body.pairs |= frozenset({0}) in levels and frozenset({1}) in levels

    def _product_of_reads(self, node: ast.BinOp) -> bool:
        """`a[i, k] * b[k, j]`: a product of two tensor elements."""
        return all(
            isinstance(side, ast.Subscript) and self._data_kind(side.value) is not None
            for side in (node.left, node.right)
        )

    def _note_products(self, call: ast.Call) -> None:
        if len(call.args) + (isinstance(call.func, ast.Attribute) and call.func.attr == "dot") >= 2:
            self.body.products = True


_PLAIN = (
    *(ast.Constant, ast.Attribute, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare),
    *(ast.Tuple, ast.List, ast.Slice, ast.keyword),
    *(ast.Load, ast.operator, ast.unaryop, ast.boolop, ast.cmpop),
)

# What computes on data: arithmetic, comparisons, and calls (a tensor's method, or a library
# function that is no factory of index grids).
_OPERATIONS = (ast.BinOp, ast.UnaryOp, ast.Compare)
_MOVES = frozenset({"item", "tolist", "cpu", "cuda", "numpy", "to", "detach", "clone", "contiguous"})
_GRIDS = frozenset(
    {"arange", "cartesian_prod", "meshgrid", "zeros", "ones", "full", "empty", "eye", "tensor"}
)


def _indexed_by(index: ast.expr, names: frozenset[str]) -> bool:
    """True for `x[i]` or `x[i, j]` with `i` one of the names: a position, not a slice or a mask."""
    first = index.elts[0] if isinstance(index, ast.Tuple) and index.elts else index
    return isinstance(first, ast.Name) and first.id in names


def _constant(node: ast.expr) -> bool:
    """A fill value: `0`, `-1`, `True`, `float("-inf")`, a name set before the loop."""
    if isinstance(node, ast.UnaryOp):
        return _constant(node.operand)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id == "float" and len(node.args) == 1
    return isinstance(node, (ast.Constant, ast.Name, ast.Attribute))


def _is_product(node: ast.expr) -> TypeGuard[ast.BinOp]:
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)


def _is_shape(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in ("shape", "ndim", "dtype", "device")


def _is_dot(call: ast.Call, facts: Facts) -> bool:
    """`torch.dot(a, b)`, `np.inner(a, b)`, `a.dot(b)`, `torch.matmul(a, b)`."""
    names = ("dot", "inner", "matmul", "vdot", "mm")
    if isinstance(call.func, ast.Attribute) and call.func.attr in names:
        return True
    dotted = facts.aliases.dotted(call.func)
    return dotted is not None and dotted.rpartition(".")[2] in names


def loop_code(body: Body, stacked: bool) -> str | None:
    """The rule a loop over tensor data breaks, from what its body does (`stacked`: a list it
    appends to is joined into one tensor after the loop), or None when it does nothing the
    lint is sure a whole-tensor operation replaces."""
    if not body.simple or not body.reads_data:
        return None
    if body.depth >= 2 and body.pairs:
        return "VD140" if body.products else "VD141"
    if body.products and body.writes and (body.depth >= 3 or body.depth == 1):
        return "VD140"  # a triple loop of products, or a row loop of matrix-vector ones (`W @ x[i]`)
    if body.scatters:
        return "VD105"
    if body.masks_by_length and not (body.writes or body.appends or body.accumulates):
        return "VD104"
    if body.gathers and (body.writes or (body.appends and stacked)):
        return "VD102"
    if body.branches and (body.writes or body.accumulates or (body.appends and stacked)):
        return "VD103"
    if body.appends and stacked and body.computes and not (body.writes or body.accumulates):
        return "VD122"
    if body.writes or (body.accumulates and not body.appends):
        return "VD101"
    return None
