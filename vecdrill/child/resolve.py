"""The gate's last step, taken where the libraries are loaded: each library name a file uses is
resolved to what it is, before the file runs.

The static gate judges `torch.functional.torch.os.system` by its spelling, and every part of it
is an allowed name; only the real modules say that `torch.functional.torch` is torch and that its
`os` is the operating system's module. So the worker, before it runs any of the file (and before
the guards, since this is vecdrill's code), walks every dotted name the gate found, one attribute
at a time, and refuses the file at the first step that lands on a module outside the drill's
allowed roots, on an off-limits part of torch or numpy (`torch.utils`, `numpy.load`, ... wherever
it is reached from), or on a function of the standard library that runs code or opens files
(`exec`, `open`, ...). Attributes of classes are read with `inspect.getattr_static`, so no
descriptor of a library runs on the file's behalf; the walk stops at the first value that is
neither a module nor a class.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib
import inspect
import sys
import types
from collections.abc import Iterable, Sequence

from vecdrill import wire
from vecdrill.gate.rules import (
    BASE_IMPORTS,
    DYNAMIC_BUILTINS,
    FORBIDDEN_API,
    FORBIDDEN_API_EXCEPT,
    LIBRARY_ROOTS,
)
from vecdrill.messages import Message, message

_MISSING = object()


class Escape(Exception):
    """A name that leads outside what the drill allows: `where` (line, col) and the sentence that
    says so (a code of the catalogue's `child` section: it crosses to the parent as data)."""

    def __init__(self, where: tuple[int, int], said: Message) -> None:
        super().__init__(said.text("en"))
        self.where, self.said = where, said


def check_names(uses: Sequence[wire.NameUse], allowed_imports: Iterable[str]) -> None:
    """Raise Escape for the first use (in the file's order) that resolves outside what is allowed."""
    roots = {*LIBRARY_ROOTS, *(name.split(".")[0] for name in (*BASE_IMPORTS, *allowed_imports))}
    refused = _refused_objects()
    for use in sorted(uses, key=lambda use: (use.line, use.col)):
        problem = _walk(use.dotted, roots, refused)
        if problem is not None:
            raise Escape((use.line, use.col), problem)


def _walk(dotted: str, roots: set[str], refused: dict[int, str]) -> Message | None:
    if dotted in FORBIDDEN_API_EXCEPT:
        return None  # read-only and allowed, though it lives under an off-limits name
    parts = dotted.split(".")
    value: object = sys.modules.get(parts[0])
    if value is None:
        return None  # a root the gate let through but nothing imported: the file imports it itself
    spelled = parts[0]
    for part in parts[1:]:
        value = _attribute(value, part)
        if value is _MISSING:
            return None  # no such attribute: the file fails on it when it runs, in its own words
        spelled = f"{spelled}.{part}"
        problem = _judge(value, spelled, roots, refused)
        if problem is not None:
            return problem
        if not isinstance(value, (types.ModuleType, type)):
            return None
    return None


def _attribute(owner: object, name: str) -> object:
    if isinstance(owner, types.ModuleType):
        found = getattr(owner, name, _MISSING)
        if found is _MISSING:  # a submodule not imported yet
            with contextlib.suppress(ImportError, ValueError):
                found = importlib.import_module(f"{owner.__name__}.{name}")
        return found
    return inspect.getattr_static(owner, name, _MISSING)


def _judge(value: object, spelled: str, roots: set[str], refused: dict[int, str]) -> Message | None:
    allowed = ", ".join(sorted(roots - {"__future__"}))
    if isinstance(value, types.ModuleType):
        name = value.__name__
        if name.split(".")[0] not in roots:
            return message("child", "reached_module", spelled=spelled, name=name, allowed=allowed)
        if _off_limits(name):
            return message("child", "off_limits_module", spelled=spelled, name=name)
    if id(value) in refused:
        return message("child", "renamed_refused", spelled=spelled, name=refused[id(value)])
    module = getattr(value, "__module__", None) if callable(value) else None
    if isinstance(module, str) and module.split(".")[0] not in (*roots, "builtins"):
        return message("child", "reached_function", spelled=spelled, module=module, allowed=allowed)
    return None


def _off_limits(name: str) -> bool:
    parts = name.split(".")
    return any(".".join(parts[:end]) in FORBIDDEN_API for end in range(2, len(parts) + 1))


def _refused_objects() -> dict[int, str]:
    """The objects behind the off-limits names (that this process has loaded), and the builtins
    that run code or open files, by identity: reached under any name, they are still themselves.
    Read from the modules' own namespaces: `getattr` would run numpy's lazy `__getattr__` and
    import `numpy.f2py` and its kin (23 ms of every warm check), and an off-limits module is
    refused by its name anyway."""
    refused = {id(getattr(builtins, name)): name for name in DYNAMIC_BUILTINS if hasattr(builtins, name)}
    for name in FORBIDDEN_API:
        module_name, _, attribute = name.rpartition(".")
        owner = sys.modules.get(module_name)
        value = vars(owner).get(attribute) if owner is not None else None
        if value is not None and not isinstance(value, types.ModuleType):
            refused[id(value)] = name
    return refused
