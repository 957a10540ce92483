"""The command line: parse, call one feature, render, map to an exit code. No logic lives here.

Its help texts are the catalogue's `help` section: `run` words them in the reader's language as it
builds the app, so `vecdrill --help` under `--lang zh` reads Chinese. `vecdrill.entry` is the error
boundary around it.
"""

from __future__ import annotations

import contextlib
import math
import unicodedata
from pathlib import Path
from typing import Annotated

import typer

from vecdrill.errors import ExitCode, UsageError
from vecdrill.lint import command as lint_command
from vecdrill.messages import Message, message, say, words

app = typer.Typer(name="vecdrill", no_args_is_help=True, add_completion=False, rich_markup_mode=None)
MAX_TIMEOUT_SECONDS = 24 * 3600.0
MAX_SEED = 2**62  # the cases' seeds are this plus small offsets, within torch's 64-bit seeds
MAX_JOBS = 256


def _refuse(option: str, code: str, **values: object) -> UsageError:
    """An option's value out of range, said as click says its own refusals, in the reader's language."""
    return UsageError(
        message("errors", "option_value", option=option, problem=message("errors", code, **values))
    )


def _timeout(value: float | None) -> float | None:
    if value is not None and not (math.isfinite(value) and 0 < value <= MAX_TIMEOUT_SECONDS):
        raise _refuse("--timeout", "timeout", value=value, most=f"{MAX_TIMEOUT_SECONDS:g}")
    return value


def _seed(value: int) -> int:
    if not 0 <= value < MAX_SEED:
        raise _refuse("--seed", "seed", value=value, most=MAX_SEED - 1)
    return value


def _jobs(value: int) -> int:
    if not 1 <= value <= MAX_JOBS:
        raise _refuse("--jobs", "jobs", value=value, most=MAX_JOBS)
    return value


# The options that several commands take; an option that typer names from its parameter alone
# (`--lang`, `--drills`, `--device`, ...) needs no declaration at all.
SeedOption = Annotated[int, typer.Option(callback=_seed)]
TimeoutOption = Annotated[float | None, typer.Option(callback=_timeout)]
JobsOption = Annotated[int, typer.Option(callback=_jobs)]
NoBenchOption = Annotated[bool, typer.Option("--no-bench")]
IdArgument = Annotated[str, typer.Argument(metavar="ID")]
FileOption = Annotated[Path | None, typer.Option("--path")]
WorkspaceOption = Annotated[Path | None, typer.Option("--workspace")]
YesOption = Annotated[bool, typer.Option("--yes", "-y")]
NoEditorOption = Annotated[bool, typer.Option("--no-editor")]
NoWatchOption = Annotated[bool, typer.Option("--no-watch")]


@app.command("list")
def list_drills(
    level: int | None = None,
    tag: str | None = None,
    library: str | None = None,
    flat: Annotated[bool, typer.Option("--flat")] = False,
    lang: str | None = None,
    drills: list[Path] | None = None,
) -> None:
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import guidance, progress
    from vecdrill.report import render, screens

    chosen = language.pick(lang)
    cat = catalogue.load_catalogue(drills)
    state = progress.load()
    if state.notice:
        render.error(state.notice.text(chosen), chosen)
    view = guidance.path(cat, progress.solved_ids(state), level=level, tag=tag, library=library)
    screens.drill_list(cat, view, chosen, flat=flat)


@app.command()
def show(drill_id: IdArgument, lang: str | None = None, drills: list[Path] | None = None) -> None:
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.report import render

    cat = catalogue.load_catalogue(drills)
    render.drill_detail(cat.get(drill_id), language.pick(lang), cat)


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...")],
    drill: str | None = None,
    device: str = "all",
    seed: SeedOption = 1234,
    json_output: Annotated[bool, typer.Option("--json")] = False,
    no_bench: NoBenchOption = False,
    scaling: Annotated[bool, typer.Option("--scaling")] = False,
    timeout: TimeoutOption = None,
    jobs: JobsOption = 1,
    isolation: str | None = None,
    no_record: Annotated[bool, typer.Option("--no-record")] = False,
    lang: str | None = None,
    drills: list[Path] | None = None,
) -> None:
    from vecdrill.content import catalogue
    from vecdrill.sandbox import launch

    if scaling and no_bench:
        raise UsageError(message("errors", "scaling_needs_bench"))
    with contextlib.ExitStack() as stack:
        early = None
        if len(files) == 1:  # its child starts now, importing torch while the check is prepared
            hidden = frozenset(catalogue.secret_folders(drills))
            early = stack.enter_context(launch.EarlyWorker(launch.detect_isolation(isolation), hidden))
        from vecdrill import language
        from vecdrill.checking.pipeline import CheckOptions
        from vecdrill.learner import checks, progress
        from vecdrill.report import render

        lang_code = language.pick(lang)
        options = CheckOptions(
            drill_id=drill,
            device=device,
            seed=seed,
            bench=not no_bench,
            timeout=timeout,
            isolation=isolation,
            scaling=scaling,
        )
        cat = catalogue.load_catalogue(drills)
        doing = "checking" if no_bench else "checking_scaling" if scaling else "checking_timed"
        with render.working(say("cli", doing, lang_code)):
            cold = early.run if early is not None else launch.run_sandboxed
            results = checks.check_many(files, cat, options, jobs=jobs, record=not no_record, cold=cold)
    if json_output:
        from vecdrill.result.model import to_json

        render.json_document(to_json(results, lang_code if lang else "en"))
    else:
        render.results(results, lang=lang_code, catalogue=cat, solved=progress.solved_ids(progress.load()))
    raise typer.Exit(ExitCode.OK if all(r.verdict.passed for r in results) else ExitCode.NOT_PASSED)


@app.command()
def grade(
    targets: Annotated[list[str], typer.Argument(metavar="CLASS | GRADEBOOK...")],
    drill: list[str] | None = None,
    out: Path | None = None,
    shard: str | None = None,
    merge: Annotated[bool, typer.Option("--merge")] = False,
    device: str = "all",
    seed: SeedOption = 1234,
    no_bench: NoBenchOption = False,
    timeout: TimeoutOption = None,
    jobs: JobsOption = 2,
    isolation: str | None = None,
    allow_plain: Annotated[bool, typer.Option("--allow-plain")] = False,
    drills: list[Path] | None = None,
    lang: str | None = None,
) -> None:
    from vecdrill import language
    from vecdrill.checking.pipeline import CheckOptions
    from vecdrill.content import catalogue
    from vecdrill.grading import gradebook, roster
    from vecdrill.grading.grade import grade as grade_class
    from vecdrill.grading.grade import trusted_layer
    from vecdrill.report import grades

    summary_lang = language.pick(lang)  # a bad --lang is refused before the class is graded
    if merge:
        book = gradebook.merge({Path(t): gradebook.read(Path(t)) for t in targets})
    else:
        if len(targets) != 1:
            raise UsageError(message("errors", "one_class", count=len(targets)))
        cat = catalogue.load_catalogue(drills)
        options = CheckOptions(
            device=device, seed=seed, bench=not no_bench, timeout=timeout, isolation=isolation
        )
        chosen = roster.Shard.parse(shard) if shard is not None else None
        trusted_layer(isolation, allow_plain)
        with grades.progress(summary_lang) as (on_total, on_row):
            book = grade_class(
                roster.find(targets[0], cat, drill or []),
                cat,
                options,
                jobs=jobs,
                shard=chosen,
                on_total=on_total,
                on_row=on_row,
            )
    default = f"gradebook-{book.shard.replace('/', '-of-')}" if book.shard else "gradebook"
    stem = out or Path(default)
    written = book.write(stem.with_suffix("") if stem.suffix in (".json", ".csv") else stem, summary_lang)
    grades.summary(book, written, summary_lang)


@app.command("try")
def try_drill(
    drill_id: Annotated[str | None, typer.Argument(metavar="[ID]")] = None,
    path: FileOption = None,
    no_editor: NoEditorOption = False,
    no_watch: NoWatchOption = False,
    lang: str | None = None,
    drills: list[Path] | None = None,
    workspace_dir: WorkspaceOption = None,
) -> None:
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import guidance, session, workspace
    from vecdrill.report import screens, watch_screen

    cat = catalogue.load_catalogue(drills)
    chosen = language.pick(lang)
    folder, moves = workspace.prepare(workspace_dir, cat.drills)
    watch_screen.moved_files(moves, chosen)
    drill = cat.get(drill_id) if drill_id else guidance.first_unsolved(cat)
    if drill is None:
        screens.path_done(cat, chosen)
        return
    session.try_drill(
        cat,
        drill,
        path or workspace.default_path(drill, folder),
        watch_screen.WatchScreen(chosen, cat, folder),
        folder=folder,
        open_editor=not no_editor,
        keep_watching=not no_watch,
        lang=chosen,
    )


@app.command("next")
def next_drill(
    path: FileOption = None,
    no_editor: NoEditorOption = False,
    no_watch: NoWatchOption = False,
    lang: str | None = None,
    drills: list[Path] | None = None,
    workspace_dir: WorkspaceOption = None,
) -> None:
    try_drill(None, path, no_editor, no_watch, lang, drills, workspace_dir)


@app.command()
def hint(
    drill_id: IdArgument,
    all_steps: Annotated[bool, typer.Option("--all")] = False,
    lang: str | None = None,
    drills: list[Path] | None = None,
) -> None:
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import guidance
    from vecdrill.report import screens

    drill = catalogue.load_catalogue(drills).get(drill_id)
    chosen = language.pick(lang)
    screens.hints(guidance.next_hints(drill, chosen, everything=all_steps), chosen)


@app.command()
def solution(
    drill_id: IdArgument, yes: YesOption = False, lang: str | None = None, drills: list[Path] | None = None
) -> None:
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import guidance
    from vecdrill.report import screens

    drill = catalogue.load_catalogue(drills).get(drill_id)
    chosen = language.pick(lang)
    question = say("cli", "show_solution", chosen, drill=drill.id)
    if not (yes or guidance.is_solved(drill) or screens.confirm(question)):
        screens.declined(say("cli", "solution_declined", chosen, drill=drill.id))
        raise typer.Exit(ExitCode.NOT_PASSED)
    screens.solution(drill, guidance.explanation(drill, chosen), chosen)


@app.command("progress")
def show_progress(lang: str | None = None, drills: list[Path] | None = None) -> None:
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import guidance
    from vecdrill.report import screens

    cat = catalogue.load_catalogue(drills)
    screens.progress_bars(guidance.overview(cat), cat, language.pick(lang))


@app.command()
def reset(
    drill_id: IdArgument,
    path: FileOption = None,
    yes: YesOption = False,
    drills: list[Path] | None = None,
    workspace_dir: WorkspaceOption = None,
    lang: str | None = None,
) -> None:
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import workspace
    from vecdrill.report import screens, watch_screen

    cat = catalogue.load_catalogue(drills)
    drill = cat.get(drill_id)
    chosen = language.pick(lang)
    folder, moves = workspace.prepare(workspace_dir, cat.drills)
    watch_screen.moved_files(moves, chosen)
    target = path or workspace.default_path(drill, folder)
    question = say("cli", "replace", chosen, path=target)
    if workspace.needs_backup(drill, target) and not (yes or screens.confirm(question)):
        screens.declined(say("cli", "reset_declined", chosen, path=target, drill=drill.id))
        raise typer.Exit(ExitCode.NOT_PASSED)
    screens.reset_done(target, workspace.reset(drill, target))


@app.command()
def notebook(
    drill_id: IdArgument, path: FileOption = None, lang: str | None = None, drills: list[Path] | None = None
) -> None:
    from vecdrill import language
    from vecdrill.notebook import api
    from vecdrill.report import render

    chosen = language.pick(lang)
    render.notebook_created(api.write_notebook(drill_id, path, lang=chosen, packs=drills or []), chosen)


@app.command()
def doctor(lang: str | None = None) -> None:
    import vecdrill.sandbox.doctor
    from vecdrill import language
    from vecdrill.report import render

    render.doctor(vecdrill.sandbox.doctor.collect(), language.pick(lang))


@app.command(
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True}, add_help_option=False
)
def lint(ctx: typer.Context) -> None:
    from vecdrill.report import screens

    linted = lint_command.run(ctx.args)
    question = say("lint", "start_drill", linted.lang, drill=linted.drill)
    if linted.drill and screens.interactive() and screens.confirm(question):
        try_drill(linted.drill, lang=linted.lang)
    raise typer.Exit(linted.code)


dev_app = typer.Typer(no_args_is_help=True)
app.add_typer(dev_app, name="dev")


@dev_app.command("check")
def dev_check(
    packs: Annotated[list[Path] | None, typer.Argument(metavar="[PATH]...")] = None,
    no_bench: NoBenchOption = False,
    jobs: JobsOption = 2,
    device: str = "all",
    mutants: Annotated[bool, typer.Option("--mutants/--no-mutants")] = True,
    lang: str | None = None,
) -> None:
    from vecdrill import language
    from vecdrill.authoring import dev_check
    from vecdrill.report import render

    chosen = language.pick(lang)
    notes: list[Message] = []
    count, problems = dev_check.dev_check(
        list(packs or []), bench=not no_bench, jobs=jobs, device=device, mutants=mutants, notes=notes
    )
    errors = [str(p) for p in problems if not p.warning]
    render.dev_check(count, errors, [str(p) for p in problems if p.warning], notes, chosen)
    raise typer.Exit(ExitCode.BROKEN_DRILL if errors else ExitCode.OK)


@app.command()
def new(
    drill_id: IdArgument,
    library: str = "torch",
    into: Annotated[Path, typer.Option("--dir")] = Path("drills"),
    lang: str | None = None,
) -> None:
    from vecdrill.authoring import scaffold
    from vecdrill.report import render

    if lang not in (None, "en", "zh"):
        raise UsageError(message("errors", "scaffold_lang", asked=lang))
    languages = None if lang is None else ("en",) if lang == "en" else ("en", "zh")
    folder = scaffold.new_drill(drill_id, into, library, languages)
    render.created(folder)


def run(args: list[str], lang: str) -> int:
    """Run the app on `args`, its help worded in `lang`."""
    command = typer.main.get_command(app)
    _word_help(typer.Context(command), words("help", lang), chinese=lang == "zh")
    try:
        return int(command.main(args=args, prog_name="vecdrill", standalone_mode=False) or 0)
    except typer.Abort:  # a question answered with Ctrl-D or no
        return ExitCode.NOT_PASSED


def _word_help(ctx: typer.Context, texts: dict[str, str], *, chinese: bool, code: str = "vecdrill") -> None:
    """Put the catalogue's help texts on the command, its parameters and its commands. A command's
    code is its name (`dev_check` for `vecdrill dev check`); a parameter's is its name, or
    COMMAND.NAME where that command words it its own way (`grade.jobs`)."""
    command = ctx.command
    command.context_class = _Context
    command.help = _widened(texts[code])
    if chinese:  # click shortens a help for the list of commands at a space, which Chinese has few of
        command.short_help = _widened(texts[code].split("。")[0] + "。")
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        help_option.help = _widened(texts["help"])
    for param in command.params:  # typer's options and arguments, each of which has a help
        text = texts.get(f"{code}.{param.name}") or texts[str(param.name)]
        param.help = _widened(text)  # type: ignore[attr-defined]
    for name, subcommand in getattr(command, "commands", {}).items():
        subcode = name if code == "vecdrill" else f"{code}_{name}"
        _word_help(typer.Context(subcommand), texts, chinese=chinese, code=subcode)


# Click wraps a help at a count of characters, and a wide (Chinese) character takes two columns:
# each comes after a marker that counts one while click wraps, and leaves as the help is printed.
_WIDE = "\0"


def _widened(text: str) -> str:
    return "".join(_WIDE + c if unicodedata.east_asian_width(c) in "WF" else c for c in text)


class _Context(typer.Context):
    def get_help(self) -> str:
        return super().get_help().replace(_WIDE, "")
