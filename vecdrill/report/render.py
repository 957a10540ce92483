"""Everything `vecdrill check` and the drill commands print goes through here; rich is imported only
here and in screens.py, the learner loop's screens built on this module.

Learner-controlled text (their output, tracebacks, file names) is escaped before rich sees it, and
terminal control characters are replaced, so a solution cannot restyle or scramble the terminal.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from vecdrill import messages
from vecdrill.content import drill_code
from vecdrill.content.drill import NO_CHINESE
from vecdrill.content.pack import Pack, Track
from vecdrill.learner import guidance
from vecdrill.messages import Authored
from vecdrill.report import text
from vecdrill.result import units

if TYPE_CHECKING:
    from rich.console import Console

    from vecdrill.content.catalogue import Catalogue
    from vecdrill.content.drill import Drill, InputSpec, RuleName
    from vecdrill.errors import DrillError
    from vecdrill.result.model import DeviceResult, FileResult

_VERDICT_STYLE = {
    "pass": "bold green",
    "wrong": "bold red",
    "loop": "bold yellow",
    "forbidden": "bold yellow",
    "syntax": "bold red",
}


def console(stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=not sys.stdout.isatty())


def safe(said: str, limit: int = 4000, lang: str = "en") -> str:
    """Escape rich markup, replace control characters, and cap the length with a notice."""
    from rich.markup import escape

    return escape(text.clean(said, limit, lang))


def fit(text: str, width: int) -> str:
    """`text` padded or cut to exactly `width` terminal cells (a CJK character takes two), so that
    columns line up in Chinese as in English; a cut ends in an ellipsis."""
    from rich.cells import cell_len, set_cell_size

    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, max(0, width - 1)) + "…"


def cells(text: str) -> int:
    """How many terminal cells `text` takes."""
    from rich.cells import cell_len

    return cell_len(text)


def error(sentence: str, lang: str = "en") -> None:
    label = messages.say("errors", "label", lang)
    console(stderr=True).print(f"[bold red]{label}[/]{safe(sentence)}")


def problems(found: list[DrillError]) -> None:
    from vecdrill.content.pack import PackError

    err = console(stderr=True)
    for problem in found:
        label = "Pack manifest problem:" if isinstance(problem, PackError) else "Broken drill skipped:"
        err.print(f"[yellow]{label}[/] {safe(str(problem))}")


def drill_detail(drill: Drill, lang: str, catalogue: Catalogue | None = None) -> None:
    """`vecdrill show`: the task, the loop, inputs, sizes and rules; with the `catalogue`, the
    commands that start the drill (with the --drills its pack needs). Long code lines wrap
    rather than being cut at the terminal's edge."""
    from rich.panel import Panel
    from rich.syntax import Syntax

    out = console()
    words = messages.words("show", lang)
    if drill.untranslated(lang):
        out.print(f"[dim]{safe(NO_CHINESE)}[/]")
    out.print(
        Panel(
            f"{safe(drill.task_in(lang))}",
            title=f"[bold]{drill.id}[/]: {safe(drill.title_in(lang))}",
            subtitle=" · ".join(text.about(drill, lang)),
        ),
        soft_wrap=False,  # a box wraps its task inside; soft wrapping would cut it at the border
    )
    out.print(words["write"].format(signature=text.signature(drill), rule=safe(text.loop_rule(drill, lang))))
    out.print()
    out.print(f"[bold]{words['loop']}[/]")
    code = drill_code.loop_listing(drill)
    out.print(
        Syntax(code, "python", theme="ansi_dark", line_numbers=True, word_wrap=True)
        if out.is_terminal
        else safe(code, 20000)
    )
    out.print(f"\n[bold]{words['inputs']}[/]")
    for spec in drill.inputs:
        shape = "(" + ", ".join(str(d) for d in spec.shape) + ")"
        if spec.kind == "dim":
            what = words["dim"].format(dim=spec.dim)
        elif spec.kind == "const":
            what = words["const"].format(value=spec.value) if spec.value is not None else words["number"]
        else:
            what = words["tensor_input"].format(dtype=spec.dtype, shape=shape, values=_values(spec, words))
        out.print(safe(words["input"].format(name=spec.name, what=what)))
    out.print("\n" + "\n".join(text.sizes_lines(drill, lang)))
    rules = _rule_lines(drill, lang)
    if rules:
        out.print(f"\n[bold]{words['rules']}[/]")
        for line in rules:
            out.print(f"  {safe(line)}")
    if catalogue is not None:
        start, check = catalogue.command("try", drill.id), catalogue.command("check FILE --drill", drill.id)
        out.print("\n" + words["start"].format(start=safe(start), check=safe(check)))


def _values(spec: InputSpec, words: dict[str, str]) -> str:
    """The values an input kind draws, as `show` lists them."""
    key = "index_inclusive" if spec.kind == "index" and spec.inclusive else spec.kind
    if key not in words:
        return spec.kind
    return words[key].format(scale=spec.scale, low=spec.low, high=spec.high, into=spec.into, p=spec.p)


def _rule_lines(drill: Drill, lang: str) -> list[str]:
    """The drill's bans, allow-list, body limits and helpers, each with its reason in `lang`."""
    words = messages.words("rules", lang)

    def entry(rule: RuleName) -> str:
        name = words["anything_else"] if rule.name == "..." else rule.name
        reason = Authored(rule.reason, rule.reason_zh).text(lang) if rule.reason else None
        return words["entry"].format(name=name, reason=reason) if reason else name

    lines = [words["banned"].format(rule=entry(rule)) for rule in drill.banned]
    if drill.allowed is not None:
        listed = ", ".join(rule.name for rule in drill.allowed if rule.name != "...")
        lines.append(words["allowed"].format(names=listed))
        lines += [words["why"].format(rule=entry(rule)) for rule in drill.allowed if rule.reason]
    if drill.max_lines is not None:
        lines.append(words["max_line" if drill.max_lines == 1 else "max_lines"].format(count=drill.max_lines))
    if drill.max_columns is not None:
        lines.append(words["max_columns"].format(count=drill.max_columns))
    if drill.helpers:
        names = ", ".join(f"{helper.replace('-', '_')}() ({helper})" for helper in drill.helpers)
        lines.append(words["helpers"].format(names=names))
    return lines


def results(
    results: list[FileResult],
    *,
    show_output: bool = True,
    lang: str = "en",
    catalogue: Catalogue | None = None,
    solved: set[str] | None = None,
) -> None:
    """Each file's verdict and devices; on a pass, the explanation and the next drill too."""
    out = console()
    for result in results:
        drill = catalogue.drills.get(result.drill) if catalogue and result.drill else None
        if drill and drill.untranslated(lang) and not result.verdict.passed:  # a pass's explanation says it
            out.print(f"[dim]{safe(NO_CHINESE)}[/]")
        out.print(text.headline(result, lang, _styled(result.verdict.value, upper=True), safe))
        for found in result.findings[1:]:
            out.print(f"  {safe(result.file)}:{found.line}:{found.col} {safe(found.message.text(lang))}")
        for device in result.devices:
            _device_report(out, device, result, lang)
        if result.traceback:
            out.print(f"[dim]{safe(result.traceback, lang=lang)}[/]")
        if show_output and not result.verdict.passed:
            for name, printed in (("output", result.stdout), ("error_output", result.stderr)):
                if printed.strip():
                    out.print(f"[dim]{messages.say('report', name, lang)}[/]\n{safe(printed, lang=lang)}")
        for note in result.notes:
            out.print(f"[dim]{messages.say('result', 'note', lang, note=safe(note.text(lang)))}[/]")
        if sandbox := text.sandbox_line(result, lang):
            out.print(f"[dim]{safe(sandbox)}[/]")
        if result.verdict.passed and catalogue is not None and result.drill in catalogue.drills:
            _after_pass(out, result, catalogue, lang, solved or set())


def verdict_mark(verdict: str, lang: str = "en") -> str:
    """`PASS`, `WRONG`...: the verdict's word in its colour (markup)."""
    return _styled(verdict, upper=True)(text.verdict_word(verdict, lang))


def _styled(verdict: str, *, upper: bool = False) -> Callable[[str], str]:
    """The verdict's colour around a word (upper-cased for a headline)."""
    style = _VERDICT_STYLE.get(verdict, "bold red")
    return lambda word: f"[{style}]{word.upper() if upper else word}[/]"


def _device_report(out: Console, device: DeviceResult, result: FileResult, lang: str) -> None:
    """One device: its verdict, then the figures (or the failure, unless the headline said it)."""
    status = text.device_status(device, result, lang, _styled(device.verdict.value), safe)
    if status is None:
        return  # correct here, but the headline names what to fix first
    timing = device.timing
    if timing is None:
        out.print(f"  {status}")
        if device.mismatch is not None and device.mismatch.inputs:
            out.print(f"    {safe(text.inputs_line(device.mismatch.inputs, lang))}")
        return
    out.print(f"  {status}  {text.speedup_line(timing, lang, strong=('[bold]', '[/]'))}")
    for line in text.timing_details(timing, lang):
        out.print(f"    {line}")
    cached = "measuring_cached" if timing.loop_cached else "measuring_fresh"  # what measuring cost
    out.print(f"    {messages.say('timing', cached, lang, seconds=units.seconds(timing.measure_seconds))}")
    out.print(f"    [dim]{messages.say('timing', 'timed_inside', lang)}[/]")  # whose clock it read
    if device.scaling:
        _scaling(out, device, lang)


def _scaling(out: Console, device: DeviceResult, lang: str) -> None:
    """The ladder: in a terminal a log-log chart, then the table of its numbers (the table alone
    elsewhere), then the crossover sentence."""
    from vecdrill.measure import ladder

    words = messages.words("scaling", lang)
    points = device.scaling
    dims = ladder.varying_dims(points)
    fixed = {k: v for k, v in points[-1].size.items() if k not in dims}
    where = words["fixed"].format(sizes=units.size(fixed)) if fixed else ""
    out.print(f"    {safe(words['title'].format(device=device.device, fixed=where))}")
    if out.is_terminal:
        _chart(out, device, dims, words)
    labels = [units.size({d: p.size[d] for d in dims}) for p in points]
    size_width = max([cells(words["head_size"]), *(len(label) for label in labels)]) + 2
    columns = (words[f"head_{name}"] for name in ("loop", "yours", "speedup"))
    head = "".join(" " * (10 - cells(h)) + h for h in columns)  # right-aligned, as the numbers
    out.print("      " + fit(words["head_size"], size_width) + head)
    for label, p in zip(labels, points, strict=True):
        figures = (units.seconds(p.loop_seconds), units.seconds(p.solution_seconds), units.speedup(p.speedup))
        out.print(f"      {label:<{size_width}}" + "".join(f"{figure:>10}" for figure in figures))
    out.print(f"    {text.scaling_sentence(device, lang)}")


def _chart(out: Console, device: DeviceResult, dims: list[str], words: dict[str, str]) -> None:
    from rich.text import Text

    from vecdrill.measure import ladder
    from vecdrill.report import chart

    points, styles = device.scaling, {"loop": "red", "yours": "green", "marker": "yellow"}
    series = {
        "loop": [(ladder.extent(p.size, dims), p.loop_seconds) for p in points],
        "yours": [(ladder.extent(p.size, dims), p.solution_seconds) for p in points],
    }
    marker = device.crossover if device.crossover != points[0].size else None
    width = max(20, min(64, out.width - 16))
    rows = chart.plot(
        series, width, 10, ladder.extent(marker, dims) if marker else None, {"loop": "o", "yours": "x"}
    )
    times = [t for values in series.values() for _, t in values]
    labels = {0: units.seconds(max(times)), len(rows) - 1: units.seconds(min(times))}
    for index, row in enumerate(rows):
        line = Text(f"    {labels.get(index, ''):>9} {'┤' if index in labels else '│'}")
        for cell in row:
            line.append(cell.char, style=styles.get(cell.series or ""))
        out.print(line)
    first, last = (units.size({d: p.size[d] for d in dims}) for p in (points[0], points[-1]))
    out.print(f"    {'':>9} └{'─' * width}")
    out.print(f"    {'':>10} {first}{last:>{max(1, width - len(first))}}")
    out.print(f"    {'':>10} " + words["legend"] + (words["crossover"] if marker else "") + words["axes"])


def _after_pass(out: Console, result: FileResult, catalogue: Catalogue, lang: str, solved: set[str]) -> None:
    """The drill's explanation, the reference solution if it differs, and what to try next."""
    assert result.drill is not None
    drill = catalogue.drills[result.drill]
    explained = text.clean(guidance.explanation(drill, lang), None)
    out.print()
    if out.is_terminal:
        from rich.markdown import Markdown

        out.print(Markdown(explained))
    else:
        out.print(safe(explained, 20000))
    _reference_beside(out, result, drill, lang)
    following = catalogue.next_after(solved | {drill.id}, current=drill.id)  # on this drill's pack's path
    out.print("\n" + after_line(catalogue, drill, following, lang))
    # a learner who skipped ahead: what the next drill builds on, still unsolved
    waiting = following and guidance.missing_prerequisites(catalogue, following, lang, solved | {drill.id})
    if waiting:
        out.print(f"[dim]{safe(waiting)}[/]")


def title(item: Pack | Track | Drill | None, lang: str) -> str:
    """The title in the learner's language (None: the pack's drills that no track lists)."""
    if item is None:
        return messages.say("path", "unlisted", lang)
    if not isinstance(item, (Pack, Track)):
        return item.title_in(lang)
    return item.zh_title if lang == "zh" and item.zh_title else item.title


def next_line(catalogue: Catalogue, following: Drill, lang: str) -> str:
    """`Next: vecdrill try ID (title)`, the command with the --drills its pack needs."""
    return messages.say(
        "report",
        "next",
        lang,
        command=safe(catalogue.command("try", following.id)),
        title=safe(title(following, lang)),
    )


def after_line(catalogue: Catalogue, drill: Drill, following: Drill | None, lang: str) -> str:
    """What comes after solving `drill`: the next drill on its pack's path, or that the pack is done."""
    if following is not None:
        return next_line(catalogue, following, lang)
    pack = safe(title(catalogue.pack_of(drill.id), lang))
    return messages.say("report", "pack_done", lang, pack=pack)


def _reference_beside(out: Console, result: FileResult, drill: Drill, lang: str) -> None:
    if result.source is None:  # what was checked, not the file, which may have changed since
        return
    reference = drill.file("solution.py").read_text(encoding="utf-8")
    try:
        yours = result.source.decode("utf-8")
        if guidance.same_code(yours, reference):
            return
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return
    out.print(f"\n[bold]{messages.say('report', 'reference_differs', lang)}[/]")
    if not out.is_terminal:
        out.print(safe(reference, 20000))
        return
    from rich.panel import Panel
    from rich.syntax import Syntax
    from rich.table import Table

    panels = [
        Panel(Syntax(text.clean(code, None), "python", theme="ansi_dark"), title=title, expand=False)
        for title, code in (("yours", yours), ("reference", reference))
    ]
    if out.width < 100:
        out.print(*panels)
        return
    beside = Table.grid(padding=(0, 1))
    beside.add_row(*panels)
    out.print(beside)


@contextmanager
def working(message: str, delay: float = 0.4) -> Iterator[None]:
    """A spinner on stderr while slow work runs, only in a terminal and only after `delay`
    seconds, so quick checks print nothing extra and rich loads off the critical path."""
    if not sys.stderr.isatty():
        yield
        return
    lock = threading.Lock()
    state: dict[str, Any] = {"finished": False, "status": None}

    def show() -> None:
        status = console(stderr=True).status(message, spinner="dots")
        with lock:
            if not state["finished"]:
                status.start()
                state["status"] = status

    timer = threading.Timer(delay, show)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            state["finished"] = True
            if state["status"] is not None:
                state["status"].stop()


def json_document(document: dict[str, Any]) -> None:
    import json

    sys.stdout.write(json.dumps(document, indent=2) + "\n")


def doctor(sections: dict[str, list[tuple[messages.Message, messages.Message]]], lang: str) -> None:
    """`vecdrill doctor`: each section's title, then its lines of label and value."""
    out = console()
    for title, lines in sections.items():
        out.print(f"[bold]{safe(messages.say('doctor_title', title, lang))}[/]")
        for label, value in lines:
            out.print(safe(messages.say("doctor_label", "row", lang, label=label, value=value)))


def dev_check(
    count: int,
    problems: list[str],
    warnings: list[str],
    notes: Sequence[messages.Message] = (),
    lang: str = "en",
) -> None:
    """Every problem, then every warning (shown, but the pack passes), then the notes (mutation
    scores), then the summary line; the problems in English, as drill.toml and the code they quote."""
    out, words = console(), messages.words("dev_check", lang)
    for problem in problems:
        out.print(words["problem"].format(problem=safe(problem)))
    for warning in warnings:
        out.print(words["warning"].format(warning=safe(warning)))
    for note in notes:
        out.print(safe(note.text(lang), lang=lang))
    verdict = words["problems"].format(count=len(problems)) if problems else words["all_good"]
    noted = words["warnings"].format(count=len(warnings)) if warnings else ""
    out.print(words["summary"].format(drills=count, verdict=verdict, warnings=noted))


def notebook_created(path: Any, lang: str) -> None:
    console().print(safe(messages.say("starter", "created", lang, path=path), lang=lang))


def created(folder: Any) -> None:
    console().print(
        f"Created {safe(str(folder))}/ with drill.toml, loop.py, starter.py, "
        "solution.py, explain.md and explain.zh.md. Fill in every TODO, then run "
        f"`vecdrill dev check {safe(str(folder.parent))}`."
    )
