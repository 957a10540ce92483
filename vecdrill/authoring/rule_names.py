"""dev check's look at a drill's rules: every banned and allowed name must exist and mean something.

A misspelled ban (`torhc.cumsum`) or a ban the gate already enforces silently does nothing, so
each is a problem naming the manifest and the fix. Names are resolved against the installed
library (importing torch and numpy), which is why this lives here and not in the gate.
"""

from __future__ import annotations

import difflib
import importlib
from typing import Any

from vecdrill.content.drill import MANIFEST, Drill
from vecdrill.gate.allow import BUILTIN_NAMES, EVERYTHING_ELSE, METADATA, OPERATOR_SYMBOLS
from vecdrill.gate.builtin_names import HARMLESS_FORMS
from vecdrill.gate.rules import DYNAMIC_BUILTINS, GUARDED_BUILTINS

# Builtins the gate refuses in every form: an entry for one of them changes nothing. (`max(1, n)`,
# `tuple(x.shape)` and the other harmless forms of the rest pass the gate, so their entries count.)
ALWAYS_REFUSED = (GUARDED_BUILTINS | DYNAMIC_BUILTINS) - HARMLESS_FORMS

_ROOTS = ("torch", "numpy", "math")
_SHORT_ROOTS = {"np": "numpy", "F": "torch.nn.functional"}
# Builtins with a library twin: banning the builtin alone leaves the twin usable.
_TWINS = {
    "abs": ("torch.abs", "torch.Tensor.abs"),
    "round": ("torch.round", "torch.Tensor.round"),
    "pow": ("torch.pow", "torch.Tensor.pow"),
}


def rule_problems(drill: Drill) -> list[tuple[str, str]]:
    """(where, message) for each banned or allowed name that does not exist or has no effect."""
    where = str(drill.file(MANIFEST))
    banned = {entry.name for entry in drill.banned}
    found = [_banned_problem(entry.name, banned, drill.library) for entry in drill.banned]
    found += [_allowed_problem(entry.name, drill.library) for entry in drill.allowed or ()]
    return [(where, problem) for problem in found if problem]


def _banned_problem(name: str, banned: set[str], library: str) -> str | None:
    label = f"banned name {name!r}"
    if "." not in name:
        if name not in BUILTIN_NAMES:
            return _unqualified(label, name, library) or _missing(label, name, sorted(BUILTIN_NAMES))
        if name in ALWAYS_REFUSED:
            return f"{label} has no effect: the gate refuses it in every drill already; remove it"
        if name in HARMLESS_FORMS:
            return None
        twins = [twin for twin in _TWINS.get(name, ()) if twin not in banned]
        if twins:
            listed = " and ".join(repr(twin) for twin in twins)
            return f"{label} stops only {name}(x); ban {listed} as well, which compute the same"
        if name not in _TWINS:
            return f"{label} has no effect on what a solution computes (it does no tensor work); remove it"
        return None
    return _dotted_problem(label, name, library)


def _allowed_problem(name: str, library: str) -> str | None:
    label = f"allowed name {name!r}"
    if name == EVERYTHING_ELSE or name in OPERATOR_SYMBOLS:
        return None
    if "." not in name:
        if name in BUILTIN_NAMES:
            if name in ALWAYS_REFUSED:
                return f"{label} has no effect: the gate refuses it as a loop or an escape in every drill"
            return None
        if name in METADATA:
            return (
                f"{label} has no effect: a tensor's shape, dtype, device and ndim are usable in every drill"
            )
        return _unqualified(label, name, library) or _missing(
            label, name, [*sorted(OPERATOR_SYMBOLS), *sorted(BUILTIN_NAMES)]
        )
    owner, _, attribute = name.partition(".")
    if owner in ("Tensor", "ndarray"):
        expected = "ndarray" if library == "numpy" else "Tensor"
        if owner != expected:
            return (
                f"{label} names a {owner} method in a {library} drill; write it as '{expected}.{attribute}'"
            )
        cls = _method_owner(library)
        if not hasattr(cls, attribute):
            return _missing(label, name, [f"{owner}.{a}" for a in dir(cls) if not a.startswith("_")])
        return None
    if name.startswith(("torch.Tensor.", "numpy.ndarray.")):
        short = name.split(".", 1)[1]
        return f"{label}: write methods and attributes as {short!r} in an allow-list"
    return _dotted_problem(label, name, library)


def _unqualified(label: str, name: str, library: str) -> str | None:
    """A library function written without its module, as puzzle texts do (`arange`, `where`)."""
    root = "numpy" if library == "numpy" else "torch"
    if not hasattr(importlib.import_module(root), name):
        return None
    return f"{label} does not exist; did you mean '{root}.{name}'? (write the full module path)"


def _dotted_problem(label: str, name: str, library: str) -> str | None:
    parts = name.split(".")
    if parts[0] in _SHORT_ROOTS:
        fixed = ".".join([_SHORT_ROOTS[parts[0]], *parts[1:]])
        return f"{label} does not exist; did you mean {fixed!r}? (write the full module path)"
    if parts[0] not in _ROOTS:
        close = difflib.get_close_matches(parts[0], _ROOTS, n=1)
        if not close:
            return f"{label} does not exist; use torch.X, numpy.X or math.X"
        return f"{label} does not exist; did you mean {'.'.join([close[0], *parts[1:]])!r}?"
    found: Any = importlib.import_module(parts[0])
    for end in range(1, len(parts)):
        part = parts[end]
        if not hasattr(found, part):
            try:
                found = importlib.import_module(".".join(parts[: end + 1]))
                continue
            except ImportError:
                prefix = ".".join(parts[:end])
                options = [f"{prefix}.{a}" for a in dir(found) if not a.startswith("_")]
                return _missing(label, ".".join([*parts[: end + 1]]), options, suffix=parts[end + 1 :])
        found = getattr(found, part)
    return None


def _missing(label: str, name: str, options: list[str], suffix: list[str] | None = None) -> str:
    close = difflib.get_close_matches(name, options, n=1, cutoff=0.75)
    if not close:
        return f"{label} does not exist; check its spelling against the library's documentation"
    fixed = ".".join([close[0], *(suffix or [])])
    return f"{label} does not exist; did you mean {fixed!r}?"


def _method_owner(library: str) -> type:
    module = importlib.import_module("numpy" if library == "numpy" else "torch")
    owner: type = module.ndarray if library == "numpy" else module.Tensor
    return owner
