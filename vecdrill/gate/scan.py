"""The static gate: find loops, disguised loops and unsafe code before a solution runs.

The gate reads the exact bytes the check will execute and parses them the way Python
does, honouring a PEP 263 coding cookie (a UTF-7 file can hide a statement inside what
looks like a comment). It walks the tree without recursion, so no input can crash it:
every problem, including an unparsable or pathologically deep file, becomes a Finding.

Rule codes (stable; the kind becomes the verdict):

  syntax     S001 too large, S002 null byte, S003 parser or compiler error, S004 nested
             too deeply, S005 required function missing, S006 required function twice,
             S007 its parameters cannot take the drill's inputs by position
  loop       L001 for, L002 while, L003 list/set/dict comprehension, L004 generator
             expression, L005 recursion, L006 map/filter/reduce/itertools, L007 numpy
             per-element helpers, L008 Tensor.apply_/map_/map2_, L009 iter/next,
             L010 builtins that iterate, L011 .item()/.tolist() (torch drills), L012 class,
             L013 yield
  forbidden  F001 import outside the allow-list, F002 dynamic code/introspection/files,
             F003 off-limits library API (torch.jit, torch.compile, torch.utils, file I/O),
             F004 private attribute, F005 dunder, F006 global/nonlocal, F007 banned by the
             drill, F008 star import, F009 assigning into a library, F010 not on the drill's
             allow-list (string formatting never is), F011/F012 body over `max_lines` /
             `max_columns`, F013 another drill's function that is not a helper

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
* What static analysis cannot see is left to the runtime probe (child/counting.py): iteration by
  unpacking (`[*x]`), a library function consuming a Python iterable, recursion through
  functions passed as values, or a banned op reached through an internal module path.

Layout: this module parses and holds the public API; rules.py has the rule tables,
scopes.py and names.py resolve what names mean, visitor.py walks the tree and hands
names to references.py and builtin_names.py, recursion.py finds cycles, and messages.py
logs the findings, each a code of the catalogue (vecdrill/messages/gate.py) with its values.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings
from dataclasses import dataclass, field

from vecdrill.gate.allow import body_limits
from vecdrill.gate.messages import finding, said
from vecdrill.gate.rules import GateRules
from vecdrill.gate.visitor import Gate, lambda_name
from vecdrill.result.model import Finding

__all__ = [
    "MAX_SOURCE_BYTES",
    "Finding",
    "GateRules",
    "Scan",
    "defined_functions",
    "examine",
    "marker_drill_id",
    "scan",
]

MAX_SOURCE_BYTES = 256 * 1024

_MARKER = re.compile(rb"#[ \t]*vecdrill:[ \t]*([a-z0-9]+(?:-[a-z0-9]+)*)[ \t]*\Z")
_CODING_COOKIE = re.compile(rb"[ \t\f]*#.*?coding[:=]")


@dataclass(frozen=True)
class Scan:
    """What the gate found: the findings, sorted by (line, col), and the library names the file
    uses with where each is first used, which the checking child resolves before the file runs
    (`child.resolve`): a name is judged by what it is, not only by how it is spelled."""

    findings: list[Finding]
    names: dict[str, tuple[int, int]] = field(default_factory=dict)


def scan(source: bytes, rules: GateRules) -> list[Finding]:
    """Findings sorted by (line, col); empty means the file may run."""
    return examine(source, rules).findings


def examine(source: bytes, rules: GateRules) -> Scan:
    """The gate's verdict on the bytes that will run, and the library names they use."""
    parsed = _parse(source)
    if isinstance(parsed, Finding):
        return Scan([parsed])
    try:
        gate = Gate(parsed, rules)
        found = gate.findings()
    except (RecursionError, MemoryError):
        return Scan([_too_deep()])
    if rules.max_lines is not None or rules.max_columns is not None:
        limits = body_limits(parsed, _text(source), rules)
        found = sorted([*found, *limits], key=lambda f: (f.line, f.col, f.code))
    return Scan(found, gate.references.used)


def defined_functions(source: bytes) -> set[str] | None:
    """Names of the top-level functions, so a file's drill can be guessed; None if unparsable."""
    parsed = _parse(source)
    if isinstance(parsed, Finding):
        return None
    return {
        stmt.name for stmt in parsed.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
    } | {name for stmt in parsed.body if (name := lambda_name(stmt))}


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


def _text(source: bytes) -> str:
    """The source as Python decodes it (its coding cookie honoured), for line widths."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        return source.decode(encoding, errors="replace")
    except (SyntaxError, LookupError):
        return source.decode("utf-8", errors="replace")


def _too_deep() -> Finding:
    return finding("S004", 1, 1, said("too_deep"))


def _parse(source: bytes) -> ast.Module | Finding:
    """Parse the bytes exactly as Python would run them, or say why they cannot run."""
    if len(source) > MAX_SOURCE_BYTES:
        return finding("S001", 1, 1, said("too_large", size=len(source), limit=MAX_SOURCE_BYTES))
    null_at = source.find(b"\x00")
    if null_at >= 0:
        line_start = source.rfind(b"\n", 0, null_at) + 1
        return finding(
            "S002",
            source.count(b"\n", 0, null_at) + 1,
            null_at - line_start + 1,
            said("null_byte"),
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, "<solution>", "exec", dont_inherit=True)
            return ast.parse(source, "<solution>")
    except SyntaxError as error:
        return finding("S003", error.lineno or 1, error.offset or 1, said("syntax_error", error=error.msg))
    except (RecursionError, MemoryError):
        return _too_deep()
    except ValueError as error:
        return finding("S003", 1, 1, said("not_python", error=str(error)))
