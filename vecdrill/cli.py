"""The command line: parse, call the core, render, map to an exit code. No logic lives here.

`main()` is the one error boundary: vecdrill's own errors become one line on stderr and their exit
code; anything unexpected becomes exit 4 with a traceback only under `--debug`.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Optional

import typer

from vecdrill.errors import ExitCode, UsageError
from vecdrill.lint import command as lint_command
from vecdrill.messages import message

app = typer.Typer(
    name="vecdrill",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    help="Learn to replace Python loops with vectorized PyTorch and NumPy code, one drill at a "
    "time. Start with `vecdrill list`, then `vecdrill try ID`. Add --debug anywhere to see "
    "tracebacks of vecdrill's own errors.",
)

DrillsOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--drills", help="An extra folder of drills (a teacher's pack); repeatable. VECDRILL_PATH works too."
    ),
]
LangOption = Annotated[
    str | None,
    typer.Option("--lang", help="Language of explanations and hints: en or zh (default: from the locale)."),
]
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


SeedOption = Annotated[int, typer.Option(help="Seed of the generated inputs.", callback=_seed)]
TimeoutOption = Annotated[
    Optional[float],  # noqa: UP045
    typer.Option(help="Wall-clock seconds per run (default: the drill's own).", callback=_timeout),
]


@app.command("list")
def list_drills(
    level: Annotated[Optional[int], typer.Option(help="Only this level (1-3).")] = None,  # noqa: UP045
    tag: Annotated[Optional[str], typer.Option(help="Only drills with this technique.")] = None,  # noqa: UP045
    library: Annotated[Optional[str], typer.Option(help="Only torch or numpy drills.")] = None,  # noqa: UP045
    flat: Annotated[
        bool, typer.Option("--flat", help="One tab-separated line per drill, as when piped.")
    ] = False,
    lang: LangOption = None,
    drills: DrillsOption = None,
) -> None:
    """Show the learning path (the packs of --drills, else every pack) and where you are on it."""
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
def show(
    drill_id: Annotated[str, typer.Argument(metavar="ID")],
    lang: LangOption = None,
    drills: DrillsOption = None,
) -> None:
    """Show a drill: the task, the loop to replace, its inputs and sizes."""
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.report import render

    cat = catalogue.load_catalogue(drills)
    render.drill_detail(cat.get(drill_id), language.pick(lang), cat)


@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help="Solution files.")],
    drill: Annotated[
        str | None,
        typer.Option(help="The drill id (default: from the file's '# vecdrill: ID' line or function)."),
    ] = None,
    device: Annotated[str, typer.Option(help="cpu, cuda, or all available.")] = "all",
    seed: SeedOption = 1234,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
    no_bench: Annotated[bool, typer.Option("--no-bench", help="Skip timing.")] = False,
    scaling: Annotated[
        bool,
        typer.Option(
            "--scaling",
            help="Also time the loop and yours over sizes from 1 up to the benchmark size, and chart them.",
        ),
    ] = False,
    timeout: TimeoutOption = None,
    jobs: Annotated[int, typer.Option(help="Files checked in parallel.", callback=_jobs)] = 1,
    isolation: Annotated[Optional[str], typer.Option(help="Force bwrap, unshare or plain.")] = None,  # noqa: UP045
    no_record: Annotated[
        bool,
        typer.Option("--no-record", help="Record nothing in your progress (checking someone else's files)."),
    ] = False,
    lang: LangOption = None,
    drills: DrillsOption = None,
) -> None:
    """Check solution files against their drills' loops (exit 0 only if all pass)."""
    from vecdrill import language
    from vecdrill.checking.pipeline import CheckOptions
    from vecdrill.content import catalogue
    from vecdrill.learner import checks, progress
    from vecdrill.report import render

    if scaling and no_bench:
        raise UsageError(message("errors", "scaling_needs_bench"))
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
    doing = (
        "checking against the loop"
        if no_bench
        else ("checking against the loop, then timing both" + (" at each size" if scaling else ""))
    )
    with render.working(doing):
        results = checks.check_many(files, cat, options, jobs=jobs, record=not no_record)
    if json_output:
        from vecdrill.result.model import to_json

        render.json_document(to_json(results, lang_code if lang else "en"))
    else:
        render.results(results, lang=lang_code, catalogue=cat, solved=progress.solved_ids(progress.load()))
    raise typer.Exit(ExitCode.OK if all(r.verdict.passed for r in results) else ExitCode.NOT_PASSED)


@app.command()
def grade(
    targets: Annotated[
        list[str],
        typer.Argument(
            metavar="CLASS | GRADEBOOK...",
            help="A folder with one folder per student, or a pattern such as 'class/*/DRILL.py' (the "
            "first * names the student); with --merge, the shards' gradebook .json files.",
        ),
    ],
    drill: Annotated[
        list[str] | None,
        typer.Option(help="A drill to grade (repeatable; default: every drill some student handed in)."),
    ] = None,
    out: Annotated[
        Optional[Path],  # noqa: UP045
        typer.Option(
            help="Where to write the gradebook: OUT.json, OUT.csv and OUT-students.csv "
            "(default: ./gradebook)."
        ),
    ] = None,
    shard: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(help="Grade only shard K/N of the rows (for a CI matrix); merge them with --merge."),
    ] = None,
    merge: Annotated[bool, typer.Option("--merge", help="Join the shards' gradebooks into one.")] = False,
    device: Annotated[str, typer.Option(help="cpu, cuda, or all available.")] = "all",
    seed: SeedOption = 1234,
    no_bench: Annotated[bool, typer.Option("--no-bench", help="Skip timing (no speedups).")] = False,
    timeout: TimeoutOption = None,
    jobs: Annotated[
        int, typer.Option(help="Files checked in parallel, each by a warm worker.", callback=_jobs)
    ] = 2,
    isolation: Annotated[Optional[str], typer.Option(help="Force bwrap, unshare or plain.")] = None,  # noqa: UP045
    allow_plain: Annotated[
        bool,
        typer.Option(
            "--allow-plain",
            help="Grade even where only the plain sandbox runs, which cannot keep a student's file "
            "from reading this user's files or other processes (see `vecdrill doctor`).",
        ),
    ] = False,
    drills: DrillsOption = None,
    lang: LangOption = None,
) -> None:
    """Grade a class into a gradebook (CSV and JSON): one row per student and drill. Exit 0 even
    when students fail; only vecdrill's own errors exit non-zero."""
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


IdArgument = Annotated[str, typer.Argument(metavar="ID", help="A drill id (see `vecdrill list`).")]
FileOption = Annotated[
    Path | None,
    typer.Option("--path", help="Your file for the drill (default: ID.py in the workspace)."),
]
WorkspaceOption = Annotated[
    Path | None,
    typer.Option(
        "--workspace",
        help="The folder of your drill files (default: VECDRILL_WORKSPACE, else ~/vecdrill-drills; "
        "`vecdrill doctor` shows it).",
    ),
]
YesOption = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]


NoEditorOption = Annotated[
    bool,
    typer.Option(
        "--no-editor",
        help="Do not open $VISUAL or $EDITOR: edit in another window or pane (with a terminal editor "
        "such as vim, this shows a verdict on every save).",
    ),
]
NoWatchOption = Annotated[
    bool, typer.Option("--no-watch", help="Only create the file; check it later with `vecdrill check`.")
]


@app.command("try")
def try_drill(
    drill_id: Annotated[
        Optional[str],  # noqa: UP045
        typer.Argument(metavar="[ID]", help="A drill id (default: the next unsolved drill on the path)."),
    ] = None,
    path: FileOption = None,
    no_editor: NoEditorOption = False,
    no_watch: NoWatchOption = False,
    lang: LangOption = None,
    drills: DrillsOption = None,
    workspace_dir: WorkspaceOption = None,
) -> None:
    """Start a drill: create your file from the starter, then check it on every save. Keys while
    it watches: n next drill, h hint, t task, l list, e explanation, q quit."""
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
    lang: LangOption = None,
    drills: DrillsOption = None,
    workspace_dir: WorkspaceOption = None,
) -> None:
    """Start the first drill on the path you have not solved (of the --drills pack, if given)."""
    try_drill(None, path, no_editor, no_watch, lang, drills, workspace_dir)


@app.command()
def hint(
    drill_id: IdArgument,
    all_steps: Annotated[bool, typer.Option("--all", help="Show every step.")] = False,
    lang: LangOption = None,
    drills: DrillsOption = None,
) -> None:
    """Show the next step of a drill's hints (one more step each time)."""
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import guidance
    from vecdrill.report import screens

    drill = catalogue.load_catalogue(drills).get(drill_id)
    chosen = language.pick(lang)
    screens.hints(guidance.next_hints(drill, chosen, everything=all_steps), chosen)


@app.command()
def solution(
    drill_id: IdArgument, yes: YesOption = False, lang: LangOption = None, drills: DrillsOption = None
) -> None:
    """Show a drill's reference solution and explanation (asks first while it is unsolved)."""
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import guidance
    from vecdrill.report import screens

    drill = catalogue.load_catalogue(drills).get(drill_id)
    if not (
        yes
        or guidance.is_solved(drill)
        or screens.confirm(f"You have not solved {drill.id} yet. Show its solution anyway?")
    ):
        screens.declined(
            f"Not shown: you have not solved {drill.id} yet. `vecdrill hint {drill.id}` "
            f"gives a hint; `vecdrill solution {drill.id} --yes` shows it anyway."
        )
        raise typer.Exit(ExitCode.NOT_PASSED)
    chosen = language.pick(lang)
    screens.solution(drill, guidance.explanation(drill, chosen), chosen)


@app.command("progress")
def show_progress(lang: LangOption = None, drills: DrillsOption = None) -> None:
    """Show how many drills you have solved, per track of the path, per level and per technique."""
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
    drills: DrillsOption = None,
    workspace_dir: WorkspaceOption = None,
    lang: LangOption = None,
) -> None:
    """Put the drill's starter back in your file, keeping a backup of what was there."""
    from vecdrill import language
    from vecdrill.content import catalogue
    from vecdrill.learner import workspace
    from vecdrill.report import screens, watch_screen

    cat = catalogue.load_catalogue(drills)
    drill = cat.get(drill_id)
    folder, moves = workspace.prepare(workspace_dir, cat.drills)
    watch_screen.moved_files(moves, language.pick(lang))
    target = path or workspace.default_path(drill, folder)
    if workspace.needs_backup(drill, target) and not (
        yes or screens.confirm(f"Replace {target} with the starter? A backup of it is kept.")
    ):
        screens.declined(
            f"Not reset: {target} is unchanged. `vecdrill reset {drill.id} --yes` resets it without asking."
        )
        raise typer.Exit(ExitCode.NOT_PASSED)
    screens.reset_done(target, workspace.reset(drill, target))


@app.command()
def notebook(
    drill_id: IdArgument,
    path: Annotated[
        Path | None,
        typer.Option(
            "--path",
            help="The notebook to write (default: ID.ipynb in your workspace; `vecdrill doctor` names it).",
        ),
    ] = None,
    lang: LangOption = None,
    drills: DrillsOption = None,
) -> None:
    """Write a starter Jupyter notebook for a drill (never over an existing file)."""
    from vecdrill import language
    from vecdrill.notebook import api
    from vecdrill.report import render

    chosen = language.pick(lang)
    render.notebook_created(api.write_notebook(drill_id, path, lang=chosen, packs=drills or []), chosen)


@app.command()
def doctor(lang: LangOption = None) -> None:
    """Show torch, CUDA, the sandbox's protections here (layer, seccomp, cgroup backstop) and the
    limits in force."""
    import vecdrill.sandbox.doctor
    from vecdrill import language
    from vecdrill.report import render

    render.doctor(vecdrill.sandbox.doctor.collect(), language.pick(lang))


@app.command(
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    add_help_option=False,
    help=f"{lint_command.DESCRIPTION} `vecdrill lint --help` lists its options.",
)
def lint(ctx: typer.Context) -> None:
    from vecdrill.messages import say
    from vecdrill.report import screens

    linted = lint_command.run(ctx.args)
    question = say("lint", "start_drill", linted.lang, drill=linted.drill)
    if linted.drill and screens.interactive() and screens.confirm(question):
        try_drill(linted.drill, lang=linted.lang)
    raise typer.Exit(linted.code)


dev_app = typer.Typer(help="Tools for drill authors.", no_args_is_help=True)
app.add_typer(dev_app, name="dev")


@dev_app.command("check")
def dev_check(
    packs: Annotated[
        list[Path] | None,
        typer.Argument(metavar="[PATH]...", help="Drill packs to check (default: the built-in catalogue)."),
    ] = None,
    no_bench: Annotated[bool, typer.Option("--no-bench", help="Skip the timing rules.")] = False,
    jobs: Annotated[int, typer.Option(help="Drills checked in parallel.")] = 2,
    device: Annotated[str, typer.Option(help="cpu, cuda, or all available.")] = "all",
    mutants: Annotated[
        bool, typer.Option("--mutants/--no-mutants", help="Mutation-test each drill's cases (on the CPU).")
    ] = True,
) -> None:
    """Validate drills: manifest, files, loop, starter, reference solution, explanations, timing,
    and how many mutants of each solution its cases catch."""
    from vecdrill.authoring import dev_check
    from vecdrill.report import render

    notes: list[str] = []
    count, problems = dev_check.dev_check(
        list(packs or []), bench=not no_bench, jobs=jobs, device=device, mutants=mutants, notes=notes
    )
    errors = [str(p) for p in problems if not p.warning]
    render.dev_check(count, errors, [str(p) for p in problems if p.warning], notes)
    raise typer.Exit(ExitCode.BROKEN_DRILL if errors else ExitCode.OK)


@app.command()
def new(
    drill_id: Annotated[str, typer.Argument(metavar="ID", help="kebab-case id, e.g. clip-norms")],
    library: Annotated[str, typer.Option(help="torch or numpy.")] = "torch",
    into: Annotated[Path, typer.Option("--dir", help="The pack folder to create it in.")] = Path("drills"),
    lang: Annotated[
        Optional[str],  # noqa: UP045
        typer.Option(
            "--lang", help="en: an English-only drill (no Chinese stubs); default: the pack's languages."
        ),
    ] = None,
) -> None:
    """Scaffold a new drill folder with every file, ready to fill in."""
    from vecdrill.authoring import scaffold
    from vecdrill.report import render

    if lang not in (None, "en", "zh"):
        raise UsageError(message("errors", "scaffold_lang", asked=lang))
    languages = None if lang is None else ("en",) if lang == "en" else ("en", "zh")
    folder = scaffold.new_drill(drill_id, into, library, languages)
    render.created(folder)


def run(args: list[str]) -> int:
    """Run the typer app on `args`; `vecdrill.entry` is the error boundary around it."""
    try:
        return int(app(args=args, prog_name="vecdrill", standalone_mode=False) or 0)
    except typer.Abort:  # a question answered with Ctrl-D or no
        return ExitCode.NOT_PASSED
