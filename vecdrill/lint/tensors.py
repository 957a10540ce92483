"""Which names hold a tensor or an array, and which hold a tensor's size, in one function.

Precision comes first, so a name counts as a tensor only when every binding of it in the function
is one: a parameter annotated `torch.Tensor` or `np.ndarray` (or used as one: `x.shape`,
`x.unsqueeze(0)`), or a name assigned from a torch or numpy call, from a tensor method, an index, an
arithmetic of tensors. A list of tensors is not a tensor: a loop over it is a loop over a few
objects, and the lint stays quiet about it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from vecdrill.lint.imports import Aliases, library_of

TORCH, NUMPY, ARRAY = "torch", "numpy", "array"  # ARRAY: a tensor or an array, which is unknown

# Where torch and numpy keep the functions that return a tensor or an array.
_ARRAY_NAMESPACES = frozenset(
    {
        *("torch", "torch.nn.functional", "torch.linalg", "torch.fft", "torch.special"),
        *("numpy", "numpy.linalg", "numpy.fft", "numpy.random", "numpy.ma"),
    }
)
# Functions there that return something else: a bool, a number, a dtype, a context, a generator.
_NOT_ARRAY_FUNCTIONS = frozenset(
    {
        *("is_tensor", "is_floating_point", "is_complex", "is_nonzero", "is_grad_enabled"),
        *("isscalar", "iscomplexobj", "isrealobj", "array_equal", "array_equiv", "allclose", "equal"),
        *("numel", "ndim", "shape", "size", "broadcast_shapes"),
        *("no_grad", "enable_grad", "inference_mode", "set_grad_enabled", "autocast", "errstate"),
        *("manual_seed", "seed", "get_rng_state", "set_rng_state", "default_rng"),
        *("get_default_dtype", "set_default_dtype", "result_type", "promote_types", "can_cast", "typename"),
        *("set_printoptions", "printoptions", "get_printoptions", "save", "load", "compile"),
        *("ndindex", "nditer", "ndenumerate"),
    }
)
# Functions that return a tuple or a list of tensors (`torch.split`), or do so when given a
# dimension (`torch.max(x, 1)`): iterating one walks a few pieces, and unpacking one gives tensors.
_TUPLE_FUNCTIONS = frozenset(
    {
        *("split", "chunk", "unbind", "tensor_split", "hsplit", "vsplit", "dsplit", "array_split"),
        *("meshgrid", "broadcast_tensors", "broadcast_arrays"),
        *("sort", "topk", "unique", "unique_consecutive"),
        *("histogram", "histogram2d", "histogramdd", "gradient", "frexp", "modf", "divmod"),
        *("svd", "eig", "eigh", "qr", "slogdet", "lstsq", "lu", "lu_factor"),
        *("unravel_index", "tril_indices", "triu_indices", "diag_indices"),
    }
)
_BY_DIMENSION = frozenset({"max", "min", "median", "nanmedian", "mode", "kthvalue", "aminmax"})
_NUMPY_TUPLES = frozenset({"nonzero", "where"})  # np.nonzero(a), np.where(cond): a tuple of arrays
# Tensor methods that return no tensor: numbers, Python lists, flags, storage.
_NOT_ARRAY_METHODS = frozenset(
    {
        *("tolist", "item", "size", "dim", "ndimension", "numel", "nelement", "stride", "element_size"),
        *("data_ptr", "get_device", "is_contiguous", "is_floating_point", "is_complex", "equal", "allclose"),
        *("storage", "untyped_storage", "type", "backward", "register_hook", "tobytes", "tofile", "dump"),
        *("keys", "values", "items", "append"),
    }
)
_TUPLE_METHODS = frozenset({"split", "chunk", "unbind", "tensor_split", "sort", "topk", "unique"})
# Attributes of a tensor that are tensors too (`x.T`, `w.grad`).
_ARRAY_ATTRIBUTES = frozenset({"T", "mT", "H", "mH", "data", "grad", "real", "imag", "flat"})
# What only a tensor or an array has, so a parameter used so is one: `x.shape`, `x.unsqueeze(0)`.
_ARRAY_EVIDENCE_ATTRIBUTES = frozenset({"shape", "ndim"})
_TORCH_EVIDENCE_METHODS = frozenset(
    {
        *("size", "dim", "numel", "view", "view_as", "unsqueeze", "permute", "contiguous", "detach", "numpy"),
        *("new_zeros", "new_ones", "new_full", "new_empty", "new_tensor", "type_as", "expand_as"),
        *("masked_fill", "masked_fill_", "index_select", "scatter_", "scatter_add_", "index_add_"),
    }
)
_ARRAY_EVIDENCE_METHODS = frozenset({"astype", "reshape", "squeeze", "transpose", "flatten", "ravel"})
# Searched from the dot (a literal first character lets the search skip ahead), then the name
# before the dot is read back: much faster than trying a name at every word.
_EVIDENCE = re.compile(
    r"\.(?:("
    + "|".join(sorted(_ARRAY_EVIDENCE_ATTRIBUTES))
    + r")\b|("
    + "|".join(sorted(_TORCH_EVIDENCE_METHODS | _ARRAY_EVIDENCE_METHODS))
    + r")\s*\()"
)
_NAME_BEFORE = re.compile(r"(?<![\w.])[A-Za-z_]\w*\Z")
_TENSOR_TYPES = frozenset(
    {
        *("torch.Tensor", "torch.FloatTensor", "torch.LongTensor", "torch.BoolTensor", "torch.IntTensor"),
        *("torch.DoubleTensor", "torch.HalfTensor", "torch.ByteTensor"),
        *("numpy.ndarray", "numpy.typing.NDArray", "numpy.typing.ArrayLike"),
    }
)
_OPTIONAL = frozenset({"Optional", "Union"})
# Functions that make a tensor of a given size: their arguments are sizes, not values.
_FACTORIES = frozenset(
    {"zeros", "ones", "empty", "full", "eye", "arange", "linspace", "logspace", "rand", "randn", "randint"}
)
_CONVERSIONS = frozenset(
    {"numpy.array", "numpy.asarray", "numpy.asanyarray", "torch.tensor", "torch.as_tensor", "torch.Tensor"}
)
_IDENTITY = (ast.Is, ast.IsNot, ast.In, ast.NotIn)  # comparisons that give a Python bool


@dataclass
class Bindings:
    """What one function (or the module) binds: each name's values, and the names bound
    otherwise (loop targets, `with ... as`, imports), which are never taken for a tensor."""

    values: dict[str, list[ast.expr]] = field(default_factory=dict)
    opaque: set[str] = field(default_factory=set)

    def bind(self, target: ast.expr, value: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            if value is None:
                self.opaque.add(target.id)
            else:
                self.values.setdefault(target.id, []).append(value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for position, element in enumerate(target.elts):
                if isinstance(element, ast.Starred) or value is None:
                    self.bind(element.value if isinstance(element, ast.Starred) else element, None)
                else:  # `a, b = pair`: each name holds one piece of the value
                    self.bind(element, ast.Subscript(value, ast.Constant(position), ast.Load()))

    def names(self) -> set[str]:
        return {*self.values, *self.opaque}


class Facts:
    """The tensors and sizes of one scope, with the enclosing scope's for its free names."""

    def __init__(
        self,
        aliases: Aliases,
        bindings: Bindings,
        parameters: Iterable[ast.arg] = (),
        parent: Facts | None = None,
        evidence: dict[str, str] | None = None,
    ) -> None:
        self.aliases = aliases
        self.parent = parent
        self.parameters = frozenset(arg.arg for arg in parameters) - bindings.names()  # never rebound
        self.bound = bindings.names() | self.parameters
        self.tensors: dict[str, str] = {}
        self.sizes: dict[str, str] = {}
        # Names whose every value converts Python values (`np.array(spacing)`): a shape, a few
        # settings. Arithmetic on them is judged, a walk over their elements is not.
        self.from_python = {
            name
            for name, values in bindings.values.items()
            if name not in bindings.opaque and all(self._converts(value) for value in values)
        }
        self._infer(bindings, list(parameters), evidence or {})

    def _infer(self, bindings: Bindings, parameters: list[ast.arg], evidence: dict[str, str]) -> None:
        typed: dict[str, str] = {}
        for arg in parameters:
            # An annotation says what the parameter is; the body's use only speaks for one without.
            kind = self.annotation_kind(arg.annotation) if arg.annotation else evidence.get(arg.arg)
            if kind is not None:
                typed[arg.arg] = kind
        untyped = {arg.arg for arg in parameters} - set(typed)
        candidates = {
            name: values
            for name, values in bindings.values.items()
            if name not in bindings.opaque and name not in untyped
        }
        self.tensors = {name: kind for name, kind in typed.items() if name not in bindings.opaque}
        for _ in range(3):  # a name's value may use a name inferred the round before
            changed = False
            for name, values in candidates.items():
                kinds = {self.kind(value) for value in values}
                if name in typed:
                    kinds.add(typed[name])
                kind = one_kind(kinds)
                if kind is not None and self.tensors.get(name) != kind:
                    self.tensors[name] = kind
                    changed = True
                elif kind is None and name in self.tensors:
                    del self.tensors[name]  # a tensor parameter bound to a list in the body
                    changed = True
                measured = {self.size_of(value) for value in values}
                size = one_kind(measured)
                if size is not None and name not in typed:
                    self.sizes[name] = size
            if not changed:
                break

    def annotation_kind(self, annotation: ast.expr | None) -> str | None:
        """`torch.Tensor`, `Optional[Tensor]`, `np.ndarray`, `"torch.Tensor"`, jaxtyping's
        `Float[Tensor, "b c"]`; never a container of them (`list[Tensor]`)."""
        if annotation is None:
            return None
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                annotation = ast.parse(annotation.value, mode="eval").body
            except SyntaxError:
                return None
        if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
            sides = [annotation.left, annotation.right]
            kinds = {self.annotation_kind(side) for side in sides if not _is_none(side)}
            return one_kind(kinds)
        if isinstance(annotation, ast.Subscript):
            head = annotation.value
            name = head.attr if isinstance(head, ast.Attribute) else getattr(head, "id", "")
            inner = annotation.slice
            if name in _OPTIONAL:
                parts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
                return one_kind({self.annotation_kind(part) for part in parts if not _is_none(part)})
            if isinstance(inner, ast.Tuple) and len(inner.elts) == 2 and _is_string(inner.elts[1]):
                return self.annotation_kind(inner.elts[0])  # jaxtyping: Float[Tensor, "b c"]
            return None
        dotted = self.aliases.dotted(annotation)
        return _library_kind(dotted) if dotted in _TENSOR_TYPES else None

    def kind(self, node: ast.expr) -> str | None:
        """TORCH, NUMPY or ARRAY when the expression is a tensor or an array, else None."""
        if isinstance(node, ast.Name):
            return self._name_kind(node.id)
        if isinstance(node, ast.Call):
            return self._call_kind(node)
        if isinstance(node, ast.Subscript):
            return self._tuple_kind(node.value) or self.kind(node.value)
        if isinstance(node, ast.Attribute):
            return self.kind(node.value) if node.attr in _ARRAY_ATTRIBUTES else None
        if isinstance(node, ast.BinOp):
            return self.kind(node.left) or self.kind(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.kind(node.operand)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and not isinstance(node.ops[0], _IDENTITY):
            return self.kind(node.left) or self.kind(node.comparators[0])
        if isinstance(node, ast.IfExp):
            return one_kind({self.kind(node.body), self.kind(node.orelse)})
        if isinstance(node, ast.NamedExpr):
            return self.kind(node.value)
        return None

    def _converts(self, node: ast.expr) -> bool:
        """`np.array(x)`, `torch.tensor(x)` of something that is no tensor (a list, a tuple), or
        arithmetic of such values through the library (`np.floor_divide(spatial_size, 2)`)."""
        if not (isinstance(node, ast.Call) and node.args):
            return False
        dotted = self.aliases.dotted(node.func)
        if dotted in _CONVERSIONS:
            return self.kind(node.args[0]) is None
        if dotted is None or dotted.rpartition(".")[2] in _FACTORIES or library_of(dotted) is None:
            return False
        return all(self.kind(arg) is None or self.is_from_python(arg) for arg in node.args)

    def is_from_python(self, node: ast.expr) -> bool:
        """True for a name holding a small array converted from Python values, or such a call."""
        if isinstance(node, ast.Name):
            if node.id in self.bound:
                return node.id in self.from_python
            return self.parent.is_from_python(node) if self.parent is not None else False
        return self._converts(node)

    def _name_kind(self, name: str) -> str | None:
        if name in self.bound:
            return self.tensors.get(name)
        return self.parent._name_kind(name) if self.parent is not None else None

    def is_size(self, name: str) -> str | None:
        if name in self.bound:
            return self.sizes.get(name)
        return self.parent.is_size(name) if self.parent is not None else None

    def _call_kind(self, call: ast.Call) -> str | None:
        dotted = self.aliases.dotted(call.func)
        if dotted is not None:
            namespace, _, name = dotted.rpartition(".")
            if dotted in _TENSOR_TYPES:
                return _library_kind(dotted)
            if namespace not in _ARRAY_NAMESPACES or name[:1].isupper() or name in _NOT_ARRAY_FUNCTIONS:
                return None
            if self._tuple_kind(call) is not None:
                return None
            return _library_kind(dotted)
        if isinstance(call.func, ast.Attribute):
            method = call.func.attr
            receiver = self.kind(call.func.value)
            if receiver is None or method in _NOT_ARRAY_METHODS or self._tuple_kind(call) is not None:
                return None
            return NUMPY if method == "numpy" else receiver
        return None

    def _tuple_kind(self, node: ast.expr) -> str | None:
        """The library of a call that returns a tuple of tensors or arrays, else None."""
        if not isinstance(node, ast.Call):
            return None
        by_dimension = len(node.args) > 1 or any(k.arg in ("dim", "axis") for k in node.keywords)
        dotted = self.aliases.dotted(node.func)
        if dotted is not None:
            namespace, _, name = dotted.rpartition(".")
            library = _library_kind(dotted)
            if namespace not in _ARRAY_NAMESPACES:
                return None
            if name in _TUPLE_FUNCTIONS or (library == TORCH and name in _BY_DIMENSION and by_dimension):
                return library
            if library == NUMPY and name in _NUMPY_TUPLES and len(node.args) == 1:
                return library
            return None
        if isinstance(node.func, ast.Attribute):
            receiver = self.kind(node.func.value)
            method = node.func.attr
            one_dimension = method in _BY_DIMENSION and (node.args or node.keywords)
            if receiver == TORCH and (method in _TUPLE_METHODS or one_dimension):
                return receiver
            if receiver is not None and method in ("split", "chunk", "unbind", "tensor_split"):
                return receiver
        return None

    def size_of(self, node: ast.expr) -> str | None:
        """The kind of the tensor whose size the expression is: `len(x)`, `x.shape[0]`,
        `x.size(1)`, `x.numel()`, a name holding one, `n - 1`; else None."""
        if isinstance(node, ast.Name):
            return self.is_size(node.id)
        if isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant):
            return self.size_of(node.left)
        if isinstance(node, ast.Subscript):
            shape = node.value
            if isinstance(shape, ast.Attribute) and shape.attr == "shape":
                return self.kind(shape.value)
            if _is_method_call(shape, "size") and isinstance(shape, ast.Call) and not shape.args:
                return self.kind(shape.func.value) if isinstance(shape.func, ast.Attribute) else None
            return None
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("len", "int") and len(node.args) == 1:
                inner = node.args[0]
                if func.id == "int":
                    return self.size_of(inner)
                return None if self.is_from_python(inner) else self.kind(inner)
            if isinstance(func, ast.Attribute) and func.attr in ("size", "numel", "nelement"):
                return self.kind(func.value)
        return None


def parameter_evidence(text: str, names: set[str], torch_file: bool) -> dict[str, str]:
    """The parameters that a function's source uses as tensors or arrays (`x.shape`,
    `x.unsqueeze(0)`): a search of its text, cheaper than a walk of its tree."""
    found: dict[str, str] = {}
    for match in _EVIDENCE.finditer(text):
        start = match.start()
        before = _NAME_BEFORE.search(text, max(0, start - 64), start)
        name, method = (before.group() if before else ""), match.group(2)
        if name not in names:
            continue
        if method in _TORCH_EVIDENCE_METHODS:
            found[name] = TORCH
        else:
            found.setdefault(name, TORCH if torch_file else ARRAY)
    return found


def _is_method_call(node: ast.expr, method: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_string(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _library_kind(dotted: str | None) -> str | None:
    library = library_of(dotted)
    return TORCH if library == "torch" else NUMPY if library == "numpy" else None


def one_kind(kinds: set[str | None]) -> str | None:
    """The kind that every binding agrees on: a torch and a numpy binding make ARRAY; a binding
    that is no tensor makes None."""
    if not kinds or None in kinds:
        return None
    return next(iter(kinds)) if len(kinds) == 1 else ARRAY
