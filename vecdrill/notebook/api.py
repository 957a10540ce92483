"""vecdrill from Python: `check`, `show`, `hint`, `drills` and `write_notebook`, for notebooks,
scripts and graders. `import vecdrill` exposes them (see vecdrill/__init__.py).

A function or a source string is checked exactly as a file is (`pipeline.check` of a `Source`: the same
drill lookup, gate and sandbox), and a path goes through `vecdrill check`'s own code. Nothing of the
learner's runs in the calling process, and the checker leaves its torch settings, seeds and
processes as it found them: the work happens in sandboxed children.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Union

from vecdrill import language
from vecdrill.checking import pipeline, plan
from vecdrill.checking.submission import Source, read_source, resolve_drill
from vecdrill.content.catalogue import Catalogue, load_catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError
from vecdrill.learner import checks, guidance, progress, workspace
from vecdrill.messages import message
from vecdrill.notebook import source, starter
from vecdrill.notebook.displays import CatalogueView, DrillView, HintsView, Result
from vecdrill.result.model import FileResult, Verdict

Solution = Union[Callable[..., Any], str, "os.PathLike[str]"]
SOURCE = Path("source")  # how messages name a source string
_SOURCE_STARTS = ("def ", "async def ", "import ", "from ", "#", "@")


def check(
    solution: Solution,
    drill: str | None = None,
    *,
    device: str = "all",
    bench: bool = True,
    seed: int = plan.DEFAULT_SEED,
    scaling: bool = False,
    timeout: float | None = None,
    lang: str | None = None,
    packs: Sequence[str | os.PathLike[str]] = (),
) -> Result:
    """Check a solution against its drill's loop, as `vecdrill check` does, and return the result.

    `solution` is a function (its source is read with `inspect`), source text (a string with a
    newline, or one starting with `def`, `import`, `from`, `#` or `@`), or a path to a file. The
    drill is `drill`, else the `# vecdrill: ID` marker (first line, or just above the function),
    else the one drill whose function the source defines. `device` is "cpu", "cuda" or "all";
    `bench=False` skips timing; `scaling=True` also times both sides over a ladder of sizes;
    `packs` adds teachers' drill folders. The check counts as an attempt in your progress.

    Raises `vecdrill.errors.UsageError` (one sentence) for an unknown drill or a bad option; a
    solution that fails is a result (`result.verdict`, `result.message`), never an exception.
    """
    if scaling and not bench:
        raise UsageError(message("errors", "bench_for_scaling"))
    catalogue = load_catalogue([Path(p) for p in packs])
    options = pipeline.CheckOptions(
        drill_id=drill, device=device, seed=seed, bench=bench, timeout=timeout, scaling=scaling
    )
    if callable(solution):
        checked = _check_function(solution, catalogue, options)
    elif isinstance(solution, str) and _is_source(solution):
        checked = check_text(solution, SOURCE, catalogue, options)
    elif isinstance(solution, (str, os.PathLike)):
        checked = checks.check_and_record(read_source(Path(solution)), catalogue, options)
    else:
        raise UsageError(message("errors", "solution_kind", kind=type(solution).__name__))
    return _with_explanation(checked, catalogue, lang)


def check_text(text: str, label: Path, catalogue: Catalogue, options: pipeline.CheckOptions) -> FileResult:
    """Source text through the file pipeline, recorded in progress like a file's check."""
    return checks.record(pipeline.check(Source(label, text.encode("utf-8")), catalogue, options), None)


def check_cell(
    cell: str, drill: str | None, *, device: str, bench: bool, scaling: bool, lang: str | None
) -> tuple[Result, Drill]:
    """A `%%vecdrill` cell: the whole cell is the solution, named `cell` in messages; its line
    numbers are those the notebook shows, the magic's own line being line 1."""
    if scaling and not bench:
        raise UsageError(message("errors", "scaling_needs_bench"))
    catalogue = load_catalogue()
    found = resolve_drill(Source(source.CELL, cell.encode("utf-8")), catalogue, drill)
    options = pipeline.CheckOptions(drill_id=found.id, device=device, bench=bench, scaling=scaling)
    checked = check_text("\n" + cell, source.CELL, catalogue, options)
    return _with_explanation(checked, catalogue, lang), found


def _check_function(
    function: Callable[..., Any], catalogue: Catalogue, options: pipeline.CheckOptions
) -> FileResult:
    read = source.read_function(function)
    drill = resolve_drill(Source(read.label, read.text.encode("utf-8")), catalogue, options.drill_id)
    carried = source.carry(read, source.allowed_roots(drill.allowed_imports))
    if carried.outside:
        said = source.outside_sentence(carried, drill.id)
        return FileResult(str(read.label), drill.id, Verdict.SYNTAX, said)
    return check_text(carried.text, read.label, catalogue, replace(options, drill_id=drill.id))


def _is_source(text: str) -> bool:
    return "\n" in text or text.lstrip().startswith(_SOURCE_STARTS)


def _with_explanation(checked: FileResult, catalogue: Catalogue, lang: str | None) -> Result:
    drill = catalogue.drills.get(checked.drill or "")
    chosen = language.pick(lang)
    explanation = guidance.explanation(drill, chosen) if drill and checked.verdict.passed else None
    return Result.of(checked, explanation, chosen)


def show(drill: str, *, lang: str | None = None, packs: Sequence[str | os.PathLike[str]] = ()) -> DrillView:
    """A drill: the task, the loop to replace, the sizes it is checked at."""
    return DrillView(load_catalogue([Path(p) for p in packs]).get(drill), language.pick(lang))


def hint(
    drill: str, *, all: bool = False, lang: str | None = None, packs: Sequence[str | os.PathLike[str]] = ()
) -> HintsView:
    """One more hint step than last time (every step with `all=True`), remembered in your progress."""
    found, chosen = load_catalogue([Path(p) for p in packs]).get(drill), language.pick(lang)
    return HintsView(guidance.next_hints(found, chosen, everything=all), chosen)


def drills(
    *,
    level: int | None = None,
    tag: str | None = None,
    library: str | None = None,
    lang: str | None = None,
    packs: Sequence[str | os.PathLike[str]] = (),
) -> CatalogueView:
    """The catalogue in teaching order, filtered like `vecdrill list`, with what you have solved."""
    catalogue = load_catalogue([Path(p) for p in packs])
    chosen = tuple(
        d
        for d in catalogue.ordered()
        if (level is None or d.level == level)
        and (tag is None or tag in d.techniques)
        and (library is None or d.library == library)
    )
    return CatalogueView(chosen, frozenset(progress.solved_ids(progress.load())), language.pick(lang))


def write_notebook(
    drill: str,
    path: str | os.PathLike[str] | None = None,
    *,
    lang: str | None = None,
    packs: Sequence[str | os.PathLike[str]] = (),
) -> Path:
    """Write a starter notebook for the drill (default `ID.ipynb` in the workspace, beside the files
    `vecdrill try` writes); never overwrites."""
    found = load_catalogue([Path(p) for p in packs]).get(drill)
    target = Path(path) if path is not None else workspace.folder() / f"{found.id}.ipynb"
    return starter.write(found, target, language.pick(lang))
