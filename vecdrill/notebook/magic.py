"""The IPython extension: `%load_ext vecdrill` registers the `%%vecdrill [ID]` cell magic. The only
module that imports IPython.

The magic checks the cell in a sandboxed child, exactly as `vecdrill check` checks a file, displays
the result, and then gives the kernel the cell's functions, allowed imports and constants
(`source.define_in`), so the learner can go on using the function without any other statement of
the cell running in the kernel. Only a cell that passes or gives a wrong answer (which the learner
can then debug in the kernel) defines anything: a refused one (a loop, a forbidden call, a syntax
error, an exception, a timeout, a crash) leaves the kernel's names as they were, so a refused cell
never replaces a function that worked. vecdrill's own errors (an unknown drill id) print as one
line, as on the command line.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import replace
from typing import Any

from IPython.core.magic import Magics, cell_magic, magics_class
from IPython.display import display

from vecdrill import language
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError, VecdrillError
from vecdrill.messages import Message, message, say
from vecdrill.notebook import api, source
from vecdrill.result.model import Verdict

_DEFINES = (Verdict.PASS, Verdict.WRONG)  # every other verdict, and any new one, defines nothing


_FLAGS = {"--no-bench": "bench", "--scaling": "scaling"}
_VALUES = ("--device", "--lang")
USAGE = "%%vecdrill [ID] [--device cpu|cuda|all] [--no-bench] [--scaling] [--lang en|zh]"


def parse_line(line: str) -> dict[str, Any]:
    """The magic's line: the drill id and the options of `vecdrill check` that apply to a cell."""
    chosen: dict[str, Any] = {"drill": None, "device": "all", "bench": True, "scaling": False, "lang": None}
    words = shlex.split(line)
    while words:
        word = words.pop(0)
        if word in _FLAGS:
            chosen[_FLAGS[word]] = word == "--scaling"
        elif word in _VALUES and words:
            chosen[word.removeprefix("--")] = words.pop(0)
        elif not word.startswith("-") and chosen["drill"] is None:
            chosen["drill"] = word
        else:
            raise UsageError(message("errors", "magic_word", word=word, usage=USAGE))
    return chosen


@magics_class
class VecdrillMagics(Magics):
    @cell_magic
    def vecdrill(self, line: str, cell: str) -> None:
        """%%vecdrill [ID] [--device cpu|cuda|all] [--no-bench] [--scaling] [--lang en|zh]

        Check the function this cell defines against the drill's loop, in a sandboxed process,
        then define it here."""
        chosen: dict[str, Any] = {}
        try:
            chosen = parse_line(line)
            result, drill = api.check_cell(cell, **chosen)
        except VecdrillError as exc:  # worded in the line's --lang where it got that far
            lang = str(chosen["lang"]) if chosen.get("lang") in language.LANGUAGES else language.pick(None)
            print(say("errors", "label", lang) + exc.text(lang), file=sys.stderr)
            return
        display(replace(result, notes=(*result.notes, self._define(cell, drill, result.verdict))))  # type: ignore[no-untyped-call]

    def _define(self, cell: str, drill: Drill, verdict: Verdict) -> Message:
        """Define the cell's functions in the kernel, and say what was and was not."""
        if verdict not in _DEFINES:
            return message("note", "nothing_defined")
        roots = source.allowed_roots(drill.allowed_imports)
        assert self.shell is not None  # set by register_magics
        try:
            functions, skipped = source.define_in(self.shell.user_ns, cell, roots)
        except Exception as exc:  # noqa: BLE001 - an import of the cell failing in the kernel
            return message("note", "imports_failed", error=f"{type(exc).__name__}: {exc}")
        names = ", ".join(functions)
        defined = message("note", "defined", names=names) if functions else message("note", "defined_none")
        if not skipped:
            return defined
        lines = ", ".join(str(n + 1) for n in skipped)  # the magic's line is line 1
        where = message("note", "lines" if len(skipped) > 1 else "line", lines=lines)
        return message("note", "sandbox_only", defined=defined, lines=where)


def register(ipython: Any) -> None:
    ipython.register_magics(VecdrillMagics)
