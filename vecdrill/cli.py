"""The command line: parse, call the core, render, map to an exit code. No logic lives here.

`main()` is the one error boundary: vecdrill's own errors become one line on stderr and their exit
code; anything unexpected becomes exit 4 with a traceback only under `--debug`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from vecdrill.errors import ExitCode, UsageError, VecdrillError

app = typer.Typer(
    name="vecdrill", no_args_is_help=True, add_completion=False, rich_markup_mode=None,
    help="Learn to replace Python loops with vectorized PyTorch and NumPy code, one drill at a "
    "time. Start with `vecdrill list`, then `vecdrill try ID`. Add --debug anywhere to see "
    "tracebacks of vecdrill's own errors.",
)

DrillsOption = Annotated[Optional[list[Path]], typer.Option(  # noqa: UP045 - typer needs Optional
    "--drills", help="An extra folder of drills (a teacher's pack); repeatable. "
    "VECDRILL_PATH works too.")]
LangOption = Annotated[Optional[str], typer.Option(  # noqa: UP045
    "--lang", help="Language of explanations and hints: en or zh (default: from the locale).")]


@app.command("list")
def list_drills(
    level: Annotated[Optional[int], typer.Option(help="Only this level (1-3).")] = None,  # noqa: UP045
    tag: Annotated[Optional[str], typer.Option(help="Only drills with this technique.")] = None,  # noqa: UP045
    library: Annotated[Optional[str], typer.Option(help="Only torch or numpy drills.")] = None,  # noqa: UP045
    drills: DrillsOption = None,
) -> None:
    """Show the catalogue and which drills you have solved."""
    from vecdrill import catalogue, progress, render

    cat = catalogue.load_catalogue(drills)
    chosen = [d for d in cat.ordered() if (level is None or d.level == level)
              and (tag is None or tag in d.techniques)
              and (library is None or d.library == library)]
    state = progress.load()
    if state.notice:
        render.error(state.notice)
    render.drill_list(cat, progress.solved_ids(state), chosen)


@app.command()
def show(drill_id: Annotated[str, typer.Argument(metavar="ID")], lang: LangOption = None,
         drills: DrillsOption = None) -> None:
    """Show a drill: the task, the loop to replace, its inputs and sizes."""
    from vecdrill import catalogue, locale, render

    render.drill_detail(catalogue.load_catalogue(drills).get(drill_id), locale.pick(lang))


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Solution files.")],
    drill: Annotated[Optional[str], typer.Option(help="The drill id (default: from the "  # noqa: UP045
                                                 "file's '# vecdrill: ID' line or function).")] = None,
    device: Annotated[str, typer.Option(help="cpu, cuda, or all available.")] = "all",
    seed: Annotated[int, typer.Option(help="Seed of the generated inputs.")] = 1234,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
    no_bench: Annotated[bool, typer.Option("--no-bench", help="Skip timing.")] = False,
    timeout: Annotated[Optional[float], typer.Option(help="Wall-clock seconds per run.")] = None,  # noqa: UP045
    jobs: Annotated[int, typer.Option(help="Files checked in parallel.")] = 1,
    isolation: Annotated[Optional[str], typer.Option(help="Force bwrap, unshare or plain.")] = None,  # noqa: UP045
    drills: DrillsOption = None,
) -> None:
    """Check solution files against their drills' loops (exit 0 only if all pass)."""
    from vecdrill import catalogue, render, service
    from vecdrill.checker import CheckOptions

    if jobs < 1:
        raise UsageError(f"--jobs {jobs!r} must be at least 1")
    options = CheckOptions(drill_id=drill, device=device, seed=seed, bench=not no_bench,
                           timeout=timeout, isolation=isolation)
    results = service.check_many(files, catalogue.load_catalogue(drills), options, jobs=jobs)
    if json_output:
        from vecdrill.report import to_json

        render.json_document(to_json(results))
    else:
        render.results(results)
    raise typer.Exit(ExitCode.OK if all(r.verdict.passed for r in results)
                     else ExitCode.NOT_PASSED)


@app.command()
def doctor() -> None:
    """Show torch, CUDA, the sandbox layer in use and the limits in force."""
    from vecdrill import doctor as facts
    from vecdrill import render

    render.doctor(facts.collect())


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    args = [a for a in args if a != "--debug"]
    try:
        code = app(args=args, prog_name="vecdrill", standalone_mode=False)
    except VecdrillError as exc:
        _report(exc, debug)
        code = exc.exit_code
    except typer.Abort:
        code = ExitCode.NOT_PASSED
    except KeyboardInterrupt:
        code = 130
    except Exception as exc:  # noqa: BLE001 - the error boundary
        code = _usage_or_internal(exc, debug)
    sys.exit(int(code or 0))


def _usage_or_internal(exc: Exception, debug: bool) -> int:
    format_message = getattr(exc, "format_message", None)
    if callable(format_message):  # typer's (click's) usage errors, whichever click it bundles
        from vecdrill import render

        render.error(f"{format_message()} (see `vecdrill --help`)")
        return ExitCode.USAGE
    _report(exc, debug, internal=True)
    return ExitCode.INTERNAL


def _report(exc: Exception, debug: bool, internal: bool = False) -> None:
    from vecdrill import render

    if debug:
        import traceback

        traceback.print_exception(exc)
    if internal:
        render.error(f"vecdrill hit an internal error ({type(exc).__name__}: {exc}). "
                     "Run again with --debug and report the traceback.")
    else:
        render.error(str(exc))
