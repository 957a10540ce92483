"""Everything vecdrill prints goes through here; the only module that imports rich.

Learner-controlled text (their output, tracebacks, file names) is escaped before rich sees it, and
terminal control characters are replaced, so a solution cannot restyle or scramble the terminal.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from vecdrill.catalogue import Catalogue
    from vecdrill.drills import Drill
    from vecdrill.report import FileResult

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_VERDICT_STYLE = {"pass": "bold green", "wrong": "bold red", "loop": "bold yellow",
                  "forbidden": "bold yellow", "syntax": "bold red"}


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

        table = Table(title=f"vecdrill catalogue: {len(solved & set(catalogue.drills))}"
                      f"/{len(catalogue.drills)} solved")
        for column in ("id", "title", "level", "library", "techniques", "status"):
            table.add_column(column)
        for d in drills:
            mark = "[green]solved[/]" if d.id in solved else ""
            table.add_row(d.id, safe(d.title), str(d.level), d.library,
                          ", ".join(d.techniques), mark)
        out.print(table)
    problems(catalogue)


def problems(catalogue: Catalogue) -> None:
    err = console(stderr=True)
    for problem in catalogue.problems:
        err.print(f"[yellow]Broken drill skipped:[/] {safe(str(problem))}")


def drill_detail(drill: Drill, lang: str) -> None:
    from rich.panel import Panel
    from rich.syntax import Syntax

    out = console()
    title, task = (drill.zh.title, drill.zh.task) if lang == "zh" else (drill.title, drill.task)
    out.print(Panel(f"{safe(task)}", title=f"[bold]{drill.id}[/]: {safe(title)}",
                    subtitle=f"level {drill.level} · {drill.library} · "
                    f"{', '.join(drill.techniques)}"))
    signature = ", ".join(spec.name for spec in drill.inputs)
    out.print(f"Write [bold]{drill.function}({signature})[/] without a Python loop.\n")
    out.print("[bold]The loop to replace[/]")
    code = drill.file("loop.py").read_text(encoding="utf-8")
    out.print(Syntax(code, "python", theme="ansi_dark", line_numbers=True)
              if out.is_terminal else safe(code, 20000))
    out.print("\n[bold]Inputs[/]")
    for spec in drill.inputs:
        shape = "(" + ", ".join(str(d) for d in spec.shape) + ")"
        what = f"Python int: size of {spec.dim}" if spec.kind == "dim" else (
            f"{spec.dtype} {shape}, {spec.kind}" + (f" into {spec.into}" if spec.into else ""))
        out.print(f"  {spec.name}: {what}")
    sizes = "; ".join(_size(s) for s in drill.sizes)
    out.print(f"\nChecked at sizes: {sizes}\nBenchmark size: {_size(drill.bench)}")
    out.print(f"\nStart it with [bold]vecdrill try {drill.id}[/], or check a file with "
              f"[bold]vecdrill check FILE --drill {drill.id}[/].")


def results(results: list[FileResult], *, show_output: bool = True) -> None:
    out = console()
    for result in results:
        verdict = result.verdict.value
        style = _VERDICT_STYLE.get(verdict, "bold red")
        out.print(f"[{style}]{verdict.upper()}[/] {safe(result.file)}"
                  f"{f' ({result.drill})' if result.drill else ''}: {safe(result.message)}")
        for finding in result.findings[1:]:
            out.print(f"  {safe(result.file)}:{finding.line}:{finding.col} "
                      f"{safe(finding.message)}")
        for device in result.devices:
            timing = device.timing
            if timing is not None:
                out.print(f"  {device.device}: loop {_seconds(timing.loop_seconds)}, yours "
                          f"{_seconds(timing.solution_seconds)}: {_speedup(timing.speedup)} "
                          f"faster (range {_speedup(timing.speedup_low)} to "
                          f"{_speedup(timing.speedup_high)}) at {_size(timing.size)}")
        if result.traceback:
            out.print(f"[dim]{safe(result.traceback)}[/]")
        if show_output and (result.stdout or result.stderr) and not result.verdict.passed:
            for name, text in (("output", result.stdout), ("error output", result.stderr)):
                if text.strip():
                    out.print(f"[dim]Your solution's {name}:[/]\n{safe(text)}")
        for note in result.notes:
            out.print(f"[dim]note: {safe(note)}[/]")


def json_document(document: dict[str, Any]) -> None:
    import json

    sys.stdout.write(json.dumps(document, indent=2) + "\n")


def _size(size: dict[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in size.items())


def _seconds(value: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if value >= scale:
            return f"{value / scale:.3g} {unit}"
    return f"{value / 1e-9:.3g} ns"


def _speedup(value: float) -> str:
    """Two significant figures: 1.2x, 12x, 1200x."""
    return f"{float(f'{value:.2g}'):g}x" if value < 100 else f"{round(value, -len(str(int(value))) + 2):.0f}x"


def doctor(sections: dict[str, dict[str, str]]) -> None:
    out = console()
    for title, rows in sections.items():
        out.print(f"[bold]{safe(title)}[/]")
        for label, value in rows.items():
            out.print(f"  {safe(label)}: {safe(value)}")
