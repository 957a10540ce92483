"""The gate's rule tables: what a drill may import and which names iterate or escape.

They sit apart from the checks that apply them, so changing what a solution may use
is an edit to one table, not to the tree walk.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vecdrill.messages import Authored

if TYPE_CHECKING:  # annotations only: `vecdrill lint` reads these tables without loading drills
    from vecdrill.content.drill import Drill, RuleName


@dataclass(frozen=True)
class GateRules:
    """What one drill allows: its library, its function, its extra bans and imports, and the
    puzzle-style rules (an allow-list, limits on the function body, earlier drills as helpers)."""

    library: str
    function: str
    banned: tuple[str, ...] = ()
    allowed_imports: tuple[str, ...] = ()
    allowed: frozenset[str] | None = None  # None: no allow-list
    reasons: tuple[RuleName, ...] = ()  # the entries of `banned` and `allowed` that say why
    max_lines: int | None = None
    max_columns: int | None = None
    helpers: tuple[str, ...] = ()  # function names of the helper drills, callable without a definition
    loop_over: str | None = None  # the dimension a `for`/`while` may run over (gate/sequential.py)
    # The ids of the pack's other drills that are not helpers: calling one's function is told in a
    # sentence, not left to a NameError at run time.
    not_helpers: tuple[str, ...] = ()
    inputs: tuple[str, ...] | None = None  # the drill's inputs, in the order the check passes them
    fixed_loops: int = 16  # the most items a loop with a written count may run over (gate/fixed.py)

    @classmethod
    def for_drill(cls, drill: Drill) -> GateRules:
        allowed = None if drill.allowed is None else frozenset(entry.name for entry in drill.allowed)
        return cls(
            drill.library,
            drill.function,
            tuple(entry.name for entry in drill.banned),
            drill.allowed_imports,
            allowed,
            tuple(e for e in (*drill.banned, *(drill.allowed or ())) if e.reason is not None),
            drill.max_lines,
            drill.max_columns,
            tuple(function_name(helper) for helper in drill.helpers),
            loop_over=drill.loop_over,
            inputs=tuple(spec.name for spec in drill.inputs),
            fixed_loops=drill.fixed_loops,
            not_helpers=tuple(
                folder.name
                for folder in sorted(drill.folder.parent.iterdir())
                if folder.name not in (drill.id, *drill.helpers) and (folder / "drill.toml").is_file()
            ),
        )

    def reason(self, name: str) -> Authored | None:
        return reason_for(self.reasons, name)


def reason_for(entries: Iterable[RuleName], name: str) -> Authored | None:
    """Why the drill bans or lists `name`, in its author's words (Chinese where given), if it says."""
    for entry in entries:
        if entry.name == name and entry.reason:
            return Authored(entry.reason, entry.reason_zh)
    return None


def function_name(drill_id: str) -> str:
    """A drill's function, the name a helper is called by: its id in snake_case (`Drill.function`)."""
    return drill_id.replace("-", "_")


BASE_IMPORTS = ("math", "typing", "__future__")
LIBRARY_ROOTS = ("torch", "numpy")
# The classes whose methods a drill bans as `torch.Tensor.X` or `numpy.ndarray.X`.
METHOD_OWNERS = ("torch.Tensor", "numpy.ndarray")

FORBIDDEN_API = frozenset(
    {
        # compiled, exported or foreign code, and the library's own machinery
        *("torch.jit", "torch.compile", "torch.export", "torch.utils", "torch.ops", "torch.library"),
        *("torch.hub", "torch.package", "torch.overrides", "torch.classes"),
        # files, other processes, other machines
        *("torch.load", "torch.save", "torch.serialization", "torch.multiprocessing", "torch.distributed"),
        "torch.cuda",  # memory fractions, streams, graphs: what would change the check itself
        "torch.backends",  # TF32 and reduced precision: what would change the numerics compared
        *("numpy.load", "numpy.save", "numpy.savez", "numpy.savez_compressed", "numpy.savetxt"),
        *("numpy.loadtxt", "numpy.genfromtxt", "numpy.fromfile", "numpy.memmap", "numpy.DataSource"),
        *("numpy.ctypeslib", "numpy.f2py", "numpy.distutils", "numpy.lib.format", "numpy.lib.npyio"),
    }
)
# What a solution legitimately reads under an off-limits name: whether a GPU is there and what it
# is, and the error to catch when it runs out of memory (to fall back to chunks).
FORBIDDEN_API_EXCEPT = frozenset(
    {
        *("torch.cuda.is_available", "torch.cuda.device_count", "torch.cuda.current_device"),
        *("torch.cuda.get_device_name", "torch.cuda.get_device_properties"),
        *("torch.cuda.get_device_capability", "torch.cuda.OutOfMemoryError"),
        *("torch.backends.cudnn.is_available", "torch.backends.cuda.is_built"),
    }
)
# Functions and methods that read or write files (torch.from_file, x.tofile), judged by name
# whatever they hang off.
FILE_METHODS = frozenset({"tofile", "dump", "from_file"})
NUMPY_PER_ELEMENT = frozenset(
    {
        *("numpy.vectorize", "numpy.frompyfunc", "numpy.apply_along_axis", "numpy.apply_over_axes"),
        *("numpy.fromiter", "numpy.piecewise"),
    }
)
NUMPY_ITERATORS = frozenset({"numpy.nditer", "numpy.ndindex", "numpy.ndenumerate"})
DYNAMIC_BUILTINS = frozenset(
    {
        *("exec", "eval", "compile", "__import__", "globals", "locals", "vars"),
        *("open", "input", "breakpoint", "setattr", "delattr"),
    }
)
# Attributes of frames, code, generators, coroutines and tracebacks: from any of them a solution
# reaches every module's globals (`f_globals["__builtins__"]`) without one dunder in a name.
INTROSPECTION_ATTRIBUTES = frozenset(
    {
        *(f"f_{name}" for name in ("globals", "locals", "builtins", "back", "code", "trace", "lineno")),
        *(
            f"{kind}_{name}"
            for kind in ("gi", "cr", "ag")
            for name in ("frame", "code", "await", "yieldfrom")
        ),
        "tb_frame",
        "tb_next",
        "co_code",
        "co_consts",
        "co_names",
    }
)
STEPPING_BUILTINS = frozenset({"iter", "next", "aiter", "anext"})
MAPPING_BUILTINS = frozenset({"map", "filter"})
CONTAINER_BUILTINS = frozenset({"list", "tuple", "set", "frozenset"})
TYPE_BUILTINS = CONTAINER_BUILTINS | {"dict", "type"}
PER_ELEMENT_METHODS = frozenset({"apply_", "map_", "map2_"})
SCALAR_EXIT_METHODS = frozenset({"tolist"})  # `.item()` is judged where it stands: gate/sequential.py
_SHAPE_ATTRIBUTES = frozenset({"shape", "strides"})
_SHAPE_METHODS = frozenset({"size", "stride"})
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
NOT_SCALAR = (ast.Starred, ast.List, ast.Tuple, ast.Set, ast.Dict, *COMPREHENSIONS)

# Builtins that walk their argument in Python; what each becomes on a whole tensor or array is
# the catalogue's (`gate_way` in vecdrill/messages/gate.py).
ITERATING_BUILTINS = (
    frozenset({"sum", "any", "all", "min", "max", "sorted", "range", "enumerate", "zip", "reversed", "dict"})
    | CONTAINER_BUILTINS
)

GUARDED_BUILTINS = (
    DYNAMIC_BUILTINS | STEPPING_BUILTINS | MAPPING_BUILTINS | ITERATING_BUILTINS | {"getattr", "type"}
)
# Names whose verdict depends on how they are called, so it cannot be cached per name.
CALL_DEPENDENT = frozenset({"numpy.piecewise", "math.prod"})


def is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def only_shape_argument(call: ast.Call | None) -> bool:
    """True for `tuple(x.shape)` and the like: the one argument walks dimensions, not data."""
    if call is None or call.keywords or len(call.args) != 1:
        return False
    return _is_shape(call.args[0])


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
