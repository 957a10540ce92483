"""Everything `vecdrill check` and the drill commands print goes through here; rich is imported only
here and in screens.py, the learner loop's screens built on this module.

Learner-controlled text (their output, tracebacks, file names) is escaped before rich sees it, and
terminal control characters are replaced, so a solution cannot restyle or scramble the terminal.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from vecdrill.report import units

if TYPE_CHECKING:
    from rich.console import Console

    from vecdrill.content.catalogue import Catalogue
    from vecdrill.content.drill import Drill
    from vecdrill.report.model import DeviceResult, FileResult, ScalingPoint

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
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


def safe(text: str, limit: int = 4000) -> str:
    """Escape rich markup, replace control characters, and cap the length with a notice."""
    from rich.markup import escape

    cleaned = _CONTROL.sub("\N{REPLACEMENT CHARACTER}", text)
    if len(cleaned) > limit:
        cleaned = cleaned[:limit] + f"\n[... {len(cleaned) - limit} more characters not shown]"
    return escape(cleaned)


def error(message: str) -> None:
    console(stderr=True).print(f"[bold red]Error:[/] {safe(message)}")


def drill_list(catalogue: Catalogue, solved: set[str], drills: list[Drill]) -> None:
    out = console()
    if not out.is_terminal:
        for d in drills:
            status = "solved" if d.id in solved else "-"
            print(f"{d.id}\t{d.title}\t{d.level}\t{d.library}\t{','.join(d.techniques)}\t{status}")
    else:
        from rich.table import Table

        table = Table(
            title=f"vecdrill catalogue: {len(solved & set(catalogue.drills))}/{len(catalogue.drills)} solved"
        )
        for column in ("id", "title", "level", "library", "techniques", "status"):
            table.add_column(column)
        for d in drills:
            mark = "[green]solved[/]" if d.id in solved else ""
            table.add_row(d.id, safe(d.title), str(d.level), d.library, ", ".join(d.techniques), mark)
        out.print(table)
    problems(catalogue)


def problems(catalogue: Catalogue) -> None:
    err = console(stderr=True)
    for problem in catalogue.problems:
        err.print(f"[yellow]Broken drill skipped:[/] {safe(str(problem))}")


def drill_detail(drill: Drill, lang: str, *, how_to_start: bool = True) -> None:
    from rich.panel import Panel
    from rich.syntax import Syntax

    out = console()
    title, task = (drill.zh.title, drill.zh.task) if lang == "zh" else (drill.title, drill.task)
    out.print(
        Panel(
            f"{safe(task)}",
            title=f"[bold]{drill.id}[/]: {safe(title)}",
            subtitle=f"level {drill.level} · {drill.library} · {', '.join(drill.techniques)}",
        )
    )
    signature = ", ".join(spec.name for spec in drill.inputs)
    out.print(f"Write [bold]{drill.function}({signature})[/] without a Python loop.\n")
    out.print("[bold]The loop to replace[/]")
    code = drill.file("loop.py").read_text(encoding="utf-8")
    out.print(
        Syntax(code, "python", theme="ansi_dark", line_numbers=True) if out.is_terminal else safe(code, 20000)
    )
    out.print("\n[bold]Inputs[/]")
    for spec in drill.inputs:
        shape = "(" + ", ".join(str(d) for d in spec.shape) + ")"
        what = (
            f"Python int: size of {spec.dim}"
            if spec.kind == "dim"
            else (f"{spec.dtype} {shape}, {spec.kind}" + (f" into {spec.into}" if spec.into else ""))
        )
        out.print(f"  {spec.name}: {what}")
    sizes = "; ".join(units.size(s) for s in drill.sizes)
    out.print(f"\nChecked at sizes: {sizes}\nBenchmark size: {units.size(drill.bench)}")
    if how_to_start:
        out.print(
            f"\nStart it with [bold]vecdrill try {drill.id}[/], or check a file with "
            f"[bold]vecdrill check FILE --drill {drill.id}[/]."
        )


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
        verdict = result.verdict.value
        style = _VERDICT_STYLE.get(verdict, "bold red")
        out.print(
            f"[{style}]{verdict.upper()}[/] {safe(result.file)}"
            f"{f' ({result.drill})' if result.drill else ''}: {safe(result.message)}"
        )
        for finding in result.findings[1:]:
            out.print(f"  {safe(result.file)}:{finding.line}:{finding.col} {safe(finding.message)}")
        for device in result.devices:
            _device_report(out, device, result)
        if result.traceback:
            out.print(f"[dim]{safe(result.traceback)}[/]")
        if show_output and (result.stdout or result.stderr) and not result.verdict.passed:
            for name, text in (("output", result.stdout), ("error output", result.stderr)):
                if text.strip():
                    out.print(f"[dim]Your solution's {name}:[/]\n{safe(text)}")
        for note in result.notes:
            out.print(f"[dim]note: {safe(note)}[/]")
        if result.isolation:
            out.print(f"[dim]sandbox: {result.isolation}[/]")
        if result.verdict.passed and catalogue is not None and result.drill in catalogue.drills:
            _after_pass(out, result, catalogue, lang, solved or set())


def _device_report(out: Console, device: DeviceResult, result: FileResult) -> None:
    """One device: its verdict, then the figures (or the failure, unless the headline said it)."""
    style = _VERDICT_STYLE.get(device.verdict.value, "bold red")
    lead = f"  {device.device}: [{style}]{device.verdict.value}[/]"
    timing = device.timing
    if timing is None:
        if device.verdict.passed and not result.verdict.passed:
            return  # correct here, but the headline names what to fix first
        detail = device.message.removeprefix(f"{device.device}: ")
        out.print(lead + ("" if device.message == result.message else f" ({safe(detail)})"))
        return
    low, high = units.speedup(timing.speedup_low), units.speedup(timing.speedup_high)
    out.print(
        f"{lead}  loop {units.seconds(timing.loop_seconds)}, yours "
        f"{units.seconds(timing.solution_seconds)}: "
        f"[bold]{units.speedup(timing.speedup)}[/] faster (range {low} to {high})"
    )
    threads = f"{timing.threads} thread{'s' if timing.threads != 1 else ''}"
    out.print(
        f"    at {units.size(timing.size)}, {threads}; {timing.loop_repeats} loop and "
        f"{timing.solution_repeats} solution calls"
    )
    out.print(
        f"    quietest blocks of calls; the median ones: loop "
        f"{units.seconds(timing.loop_median_seconds)}, yours "
        f"{units.seconds(timing.solution_median_seconds)}"
    )
    if timing.loop_ops is not None and timing.ops_size is not None:
        out.print(
            f"    work at {units.size(timing.ops_size)}: loop {timing.loop_ops:,} "
            f"{timing.ops_unit}, yours {timing.solution_ops:,}"
        )
    cached = (
        "the loop's times come from the cache"
        if timing.loop_cached
        else "the loop was timed now and cached for next time"
    )
    out.print(f"    measuring took {units.seconds(timing.measure_seconds)}; {cached}")
    if device.scaling:
        _scaling(out, device)


def _scaling(out: Console, device: DeviceResult) -> None:
    """The ladder: a log-log chart in a terminal, a table otherwise, and the crossover sentence."""
    from vecdrill.measure import ladder

    points = device.scaling
    dims = ladder.varying_dims(points)
    fixed = {k: v for k, v in points[-1].size.items() if k not in dims}
    where = f" ({units.size(fixed)} fixed)" if fixed else ""
    out.print(f"    time per call on {device.device} as the size grows{where}:")
    if out.is_terminal:
        _chart(out, device, dims)
    else:
        out.print(f"      {'size':<24}{'loop':>10}{'yours':>10}{'speedup':>10}")
        for p in points:
            label = units.size({d: p.size[d] for d in dims})
            out.print(
                f"      {label:<24}{units.seconds(p.loop_seconds):>10}"
                f"{units.seconds(p.solution_seconds):>10}{units.speedup(p.speedup):>10}"
            )
    out.print(f"    {crossover_sentence(device, dims)}")


def _chart(out: Console, device: DeviceResult, dims: list[str]) -> None:
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
    rows = chart.plot(series, width, 10, ladder.extent(marker, dims) if marker else None)
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
    out.print(
        f"    {'':>10} [red]⣿ loop[/]  [green]⣿ yours[/]"
        + ("  [yellow]┊ crossover[/]" if marker else "")
        + "  (log-log)"
    )


def crossover_sentence(device: DeviceResult, dims: list[str]) -> str:
    """Where the loop stops being competitive, in words (the notebook's HTML view shows it too)."""
    points, cross = device.scaling, device.crossover
    first, last = points[0], points[-1]

    def at(p: ScalingPoint) -> str:
        return f"{units.speedup(p.speedup)} at {units.size({d: p.size[d] for d in dims})}"

    if cross is None:
        return f"the loop is still faster at the benchmark size ({at(last)})"
    if cross == first.size:
        return (
            f"yours is faster at every size, from {at(first)} to {at(last)}; vectorizing "
            "has a fixed cost per call, so the gain grows with the input"
        )
    return (
        f"the loop is competitive below about {units.size({d: cross[d] for d in dims})} "
        f"({at(first)}); from there yours wins, up to {at(last)}"
    )


def _after_pass(out: Console, result: FileResult, catalogue: Catalogue, lang: str, solved: set[str]) -> None:
    """The drill's explanation, the reference solution if it differs, and what to try next."""
    assert result.drill is not None
    drill = catalogue.drills[result.drill]
    explanation = drill.file("explain.zh.md" if lang == "zh" else "explain.md")
    text = _CONTROL.sub("\N{REPLACEMENT CHARACTER}", explanation.read_text(encoding="utf-8"))
    out.print()
    if out.is_terminal:
        from rich.markdown import Markdown

        out.print(Markdown(text))
    else:
        out.print(safe(text, 20000))
    _reference_beside(out, result, drill)
    following = catalogue.next_after(solved | {drill.id})
    out.print(
        "\n"
        + (
            f"Next: [bold]vecdrill try {following.id}[/] ({safe(following.title)})"
            if following
            else "You have solved every drill in the catalogue."
        )
    )


def _reference_beside(out: Console, result: FileResult, drill: Drill) -> None:
    import ast

    if result.source is None:  # what was checked, not the file, which may have changed since
        return
    reference = drill.file("solution.py").read_text(encoding="utf-8")
    try:
        yours = result.source.decode("utf-8")
        if ast.dump(ast.parse(yours)) == ast.dump(ast.parse(reference)):
            return
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return
    out.print("\n[bold]The reference solution differs from yours:[/]")
    if not out.is_terminal:
        out.print(safe(reference, 20000))
        return
    from rich.panel import Panel
    from rich.syntax import Syntax
    from rich.table import Table

    panels = [
        Panel(
            Syntax(_CONTROL.sub("\N{REPLACEMENT CHARACTER}", code), "python", theme="ansi_dark"),
            title=title,
            expand=False,
        )
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


def doctor(sections: dict[str, dict[str, str]]) -> None:
    out = console()
    for title, rows in sections.items():
        out.print(f"[bold]{safe(title)}[/]")
        for label, value in rows.items():
            out.print(f"  {safe(label)}: {safe(value)}")


def dev_check(count: int, problems: list[str]) -> None:
    out = console()
    for problem in problems:
        out.print(f"[red]problem:[/] {safe(problem)}")
    verdict = "[green]all good[/]" if not problems else f"[red]{len(problems)} problem(s)[/]"
    out.print(f"dev check: {count} drills, {verdict}")


def notebook_created(path: Any) -> None:
    console().print(
        safe(
            f"Wrote {path}: open it in Jupyter (`pip install 'vecdrill[notebook]'` gives the magic "
            "it uses) and run its cells."
        )
    )


def created(folder: Any) -> None:
    console().print(
        f"Created {safe(str(folder))}/ with drill.toml, loop.py, starter.py, "
        "solution.py, explain.md and explain.zh.md. Fill in every TODO, then run "
        f"`vecdrill dev check {safe(str(folder.parent))}`."
    )
