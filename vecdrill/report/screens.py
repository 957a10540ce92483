"""The screens of the learner's loop: the path (`vecdrill list`), hints, the reference solution,
progress bars and reset (`vecdrill try`'s watch screen is watch_screen.py, built on these). With
render.py, grades.py and watch_screen.py, the only modules that import rich.

Built on render's console and escaping, so a drill looks the same here as in `vecdrill check`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from vecdrill import messages
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.content.pack import Pack
from vecdrill.learner import guidance
from vecdrill.report import render

if TYPE_CHECKING:
    from rich.console import Console


BAR_WIDTH = 24


WAITING_MARK = "○"  # `vecdrill list`: a drill whose prerequisites are not all solved


def interactive() -> bool:
    """A person at a terminal, who can answer a question and use an editor."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def confirm(question: str) -> bool:
    """Ask a yes/no question; anything but a clear yes, or no terminal to ask on, is a no."""
    if not interactive():
        return False
    from rich.prompt import Confirm

    try:
        return Confirm.ask(render.safe(question), default=False, console=render.console())
    except (EOFError, KeyboardInterrupt):
        return False


def hints(view: guidance.Hints, lang: str) -> None:
    out = render.console()
    words = messages.words("hints", lang)
    _notice(view.notice, lang)
    if view.untranslated:
        out.print(f"[dim]{render.safe(view.untranslated)}[/]")
    for number, step in enumerate(view.steps, 1):
        style = "bold" if number == len(view.steps) else "dim"
        heading = words["heading"].format(number=number, total=view.total)
        out.print(f"[{style}]{heading}[/]{render.safe(step)}")
    closing = "again" if len(view.steps) < view.total else "last"
    out.print("\n" + words[closing].format(drill=view.drill_id))


def solution(drill: Drill, explanation: str, lang: str) -> None:
    out = render.console()
    code = drill.file("solution.py").read_text(encoding="utf-8")
    out.print(f"[bold]{messages.say('hints', 'solution', lang, drill=drill.id)}[/]")
    if out.is_terminal:
        from rich.markdown import Markdown
        from rich.syntax import Syntax

        out.print(Syntax(code, "python", theme="ansi_dark"))  # the drill's text, not markup
        out.print(Markdown(explanation))
    else:
        out.print(render.safe(code, 20000))
        out.print(render.safe(explanation, 20000))


def declined(message: str) -> None:
    render.console(stderr=True).print(render.safe(message))


def reset_done(path: Path, backup: Path | None) -> None:
    where = render.safe(str(path))
    render.console().print(
        f"Put the starter back in [bold]{where}[/]. Your previous file is kept at "
        f"[bold]{render.safe(str(backup))}[/]."
        if backup
        else f"[bold]{where}[/] holds the drill's starter; there was nothing of yours to keep."
    )


def drill_list(catalogue: Catalogue, view: guidance.PathView, lang: str, *, flat: bool) -> None:
    """`vecdrill list`: the path in a terminal, tab-separated lines when piped or with --flat."""
    if flat or not render.console().is_terminal:
        _drill_rows(view.stretches, lang)
    else:
        _drill_path(catalogue, view, lang)
    render.problems(catalogue.problems_in(catalogue.scope()))


def _drill_path(catalogue: Catalogue, view: guidance.PathView, lang: str) -> None:
    """Each pack's path, track by track, one line per drill whatever the width: the id in full,
    the title cut to what is left (measured in terminal cells, so Chinese lines up too)."""
    out = render.console()
    words = messages.words("path", lang)
    steps = [step for part in view.stretches for step in part.steps]
    idw = max((render.cells(s.drill.id) for s in steps), default=0)
    levels = {s.drill.level: words["level"].format(level=s.drill.level) for s in steps}
    lw = max((render.cells(label) for label in levels.values()), default=0)
    libw = max((len(s.drill.library) for s in steps), default=0)
    fixed = len("  ✓ 123  ") + idw + 2 + 2 + lw + 2 + libw
    tw = max(
        min(max((render.cells(render.title(s.drill, lang)) for s in steps), default=0), out.width - fixed), 8
    )
    pack: Pack | None = None
    for part in view.stretches:
        if part.tally.pack is not pack:
            pack = part.tally.pack
            heading = render.safe(render.title(pack, lang))
            out.print(f"\n[bold underline]{heading}[/] [dim]({render.safe(pack.id)})[/]")
        out.print(
            f"\n  [bold]{render.safe(render.title(part.tally.track, lang))}[/]  "
            f"[dim]{part.tally.solved}/{part.tally.total}[/]"
        )
        for step in part.steps:
            mark = (
                "[green]✓[/]"
                if step.solved
                else "[bold cyan]▶[/]"
                if step.is_next
                else f"[yellow]{WAITING_MARK}[/]"
                if step.waiting
                else " "
            )
            line = (
                f"{step.number:>3}  {render.safe(render.fit(step.drill.id, idw))}  "
                f"{render.safe(render.fit(render.title(step.drill, lang), tw))}  "
                f"{render.fit(levels[step.drill.level], lw)}  {step.drill.library}"
            )
            out.print(f"  {mark} [bold]{line}[/]" if step.is_next else f"  {mark} {line}", overflow="crop")
    legend = [words["legend"]]
    if any(step.waiting and not step.is_next for step in steps):
        legend.append(words["waiting_legend"])
    out.print("\n[dim]" + render.safe("\n".join(legend)) + "[/]")
    if view.next_drill is not None:
        out.print(render.next_line(catalogue, view.next_drill, lang))
    elif view.stretches:
        out.print(words["all_solved"])


def _drill_rows(stretches: tuple[guidance.Stretch, ...], lang: str) -> None:
    """One tab-separated line per drill, in path order: the columns of a table, for scripts;
    the title in the learner's language, the rest as identifiers."""
    for part in stretches:
        track = part.tally.track.id if part.tally.track else "-"
        for step in part.steps:
            d = step.drill
            status = "solved" if step.solved else "-"
            print(
                f"{d.id}\t{render.title(d, lang)}\t{d.level}\t{d.library}\t{','.join(d.techniques)}\t{status}"
                f"\t{part.tally.pack.id}\t{track}"
            )


def progress_bars(view: guidance.Overview, catalogue: Catalogue, lang: str) -> None:
    """`vecdrill progress`: a bar per track, per level and per technique, their labels in one
    column measured in terminal cells and cut to fit, so every row stays on one line."""
    out = render.console()
    words = messages.words("path", lang)
    _notice(view.notice, lang)
    out.print(f"[bold]{render.safe(words['progress'].format(solved=view.solved, total=view.total))}[/]")
    packs = list(dict.fromkeys(t.pack for t in view.tracks))
    sections: list[tuple[str, list[tuple[str, int, int]]]] = [
        (
            render.title(pack, lang),
            [(render.title(t.track, lang), t.solved, t.total) for t in view.tracks if t.pack is pack],
        )
        for pack in packs
    ]
    sections += [
        (words["by_level"], [(words["level"].format(level=t.label), t.solved, t.total) for t in view.levels]),
        (words["by_technique"], [(t.label, t.solved, t.total) for t in view.techniques]),
    ]
    rows = [row for _, section in sections for row in section]
    counts = max((len(f"{solved}/{total}") for _, solved, total in rows), default=0)
    room = out.width - len("  ") - 2 - BAR_WIDTH - 2 - counts
    width = max(min(max((render.cells(label) for label, _, _ in rows), default=0), room), 8)
    for title, section in sections:
        out.print(f"\n[bold]{render.safe(title)}[/]")
        for label, solved, total in section:
            count = f"{solved}/{total}".rjust(counts)
            out.print(
                f"  {render.safe(render.fit(label, width))}  {bar(out, solved, total)}  {count}",
                overflow="crop",
            )
    if view.next_drill is not None:
        out.print("\n" + render.next_line(catalogue, view.next_drill, lang))


def path_done(catalogue: Catalogue, lang: str) -> None:
    """`vecdrill next` with nothing left to do on the path."""
    names = messages.say("explain", "list_separator", lang).join(
        render.title(p, lang) for p in catalogue.scope()
    )
    render.console().print(render.safe(messages.say("path", "path_done", lang, packs=names)))


def bar(out: Console, solved: int, total: int) -> str:
    """A progress bar of BAR_WIDTH cells (`progress`, and the watch screen's bottom line)."""
    filled = round(BAR_WIDTH * solved / total) if total else 0
    if out.is_terminal:
        return f"[green]{'█' * filled}[/][dim]{'░' * (BAR_WIDTH - filled)}[/]"
    return render.safe(f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}]")


def _notice(notice: messages.Message | None, lang: str) -> None:
    if notice:
        render.console(stderr=True).print(f"[yellow]{render.safe(notice.text(lang))}[/]")
