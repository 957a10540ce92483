"""The screens of the learner's loop: `vecdrill try`'s watch screen, hints, the reference
solution, progress bars and reset. With render.py, the only module that imports rich.

Built on render's console, escaping and verdict report, so a check looks the same here as in
`vecdrill check`. In a terminal the watch screen is redrawn in place (clear, then the drill and the
latest verdict); elsewhere each verdict is appended as plain text, which logs and tests can read.
The learner's modules never import this one: the command line hands a `WatchScreen` to
`learner.session`, which sees only its `Screen` protocol.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.learner import guidance, progress
from vecdrill.report import render, units
from vecdrill.report.model import FileResult

if TYPE_CHECKING:
    from rich.console import Console

    from vecdrill.learner.session import Session

BAR_WIDTH = 24


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


class WatchScreen:
    """What `vecdrill try` shows while it watches the learner's file."""

    def __init__(self, drill: Drill, path: Path, lang: str, catalogue: Catalogue) -> None:
        self._drill, self._path, self._lang, self._catalogue = drill, path, lang, catalogue
        self._out = render.console()
        self.interactive = interactive()
        self._started = time.monotonic()

    def intro(self, created: bool) -> None:
        render.drill_detail(self._drill, self._lang, how_to_start=False)
        where = render.safe(str(self._path))
        self._out.print(
            f"\nCreated [bold]{where}[/] from the starter: write your solution there."
            if created
            else f"\nYour file [bold]{where}[/] already exists; vecdrill keeps it as it is and checks it."
        )

    def editing(self, command: list[str]) -> None:
        self._out.print(
            f"Opening {render.safe(command[0])}: save to have your file checked, "
            "quit the editor to see the verdict here. (With --no-editor you can edit "
            "in another window while vecdrill watches.)"
        )

    def note(self, message: str) -> None:
        self._out.print(f"[yellow]{render.safe(message)}[/]")

    def preparing(self) -> None:
        self._out.print(
            "[dim]Getting the checker ready (torch, and the loop's answers for this "
            "drill); you can start editing now...[/]"
        )

    def checking(self) -> None:
        self._started = time.monotonic()
        self._out.print("[dim]Checking your file...[/]")

    def waiting(self) -> None:
        self._redraw(
            lambda: self._out.print(
                f"Waiting for your first save: edit [bold]{render.safe(str(self._path))}[/] and save "
                "it; every save is checked here. Ctrl-C stops."
            )
        )

    def correct(self, result: FileResult) -> None:
        def draw() -> None:
            render.results([result])
            self._out.print("[dim]Correct and vectorized; now measuring the speedup...[/]")

        self._redraw(draw)

    def verdict(self, result: FileResult, standing: guidance.Overview) -> None:
        def draw() -> None:
            solved = progress.solved_ids(progress.load())
            render.results([result], lang=self._lang, catalogue=self._catalogue, solved=solved)
            if result.verdict.passed:
                self._out.print(
                    f"[green]Progress: {standing.solved} of {standing.total} drills "
                    "solved[/] (see [bold]vecdrill progress[/])."
                )
            else:
                self._out.print(f"Stuck? [bold]vecdrill hint {self._drill.id}[/] shows a hint.")
            self._out.print(
                f"[dim]Checked in {(time.monotonic() - self._started) * 1000:.0f} ms "
                f"at {time.strftime('%H:%M:%S')}. Save again to re-check; Ctrl-C "
                "stops.[/]"
            )

        self._redraw(draw)

    def summary(self, session: Session) -> None:
        if session.solved:
            speedup = (
                f", {units.speedup(session.best_speedup)} faster than the loop"
                if session.best_speedup
                else ""
            )
            outcome = f"solved{speedup}"
        else:
            outcome = f"not solved yet (vecdrill hint {session.drill.id} gives a hint)"
        checks = f"{session.checks} check{'' if session.checks == 1 else 's'}"
        self._out.print(
            f"Stopped watching {session.drill.id} after {checks}: "
            f"{render.safe(outcome)}. Your file stays at "
            f"{render.safe(str(session.path))}."
        )

    def _redraw(self, draw: Callable[[], None]) -> None:
        if self._out.is_terminal:
            self._out.clear()
            render.drill_detail(self._drill, self._lang, how_to_start=False)
            self._out.print(f"Your file: [bold]{render.safe(str(self._path))}[/]\n")
        else:
            self._out.print(f"--- {time.strftime('%H:%M:%S')} ---")
        draw()


def hints(view: guidance.Hints) -> None:
    out = render.console()
    _notice(view.notice)
    for number, step in enumerate(view.steps, 1):
        style = "bold" if number == len(view.steps) else "dim"
        out.print(f"[{style}]Hint {number} of {view.total}:[/] {render.safe(step)}")
    if len(view.steps) < view.total:
        out.print(f"\nRun [bold]vecdrill hint {view.drill_id}[/] again for the next step.")
    else:
        out.print(
            f"\nThat was the last hint; [bold]vecdrill solution {view.drill_id}[/] shows "
            "the reference solution."
        )


def solution(drill: Drill, explanation: str) -> None:
    out = render.console()
    code = drill.file("solution.py").read_text(encoding="utf-8")
    out.print(f"[bold]The reference solution of {drill.id}[/]")
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


def progress_bars(view: guidance.Overview) -> None:
    out = render.console()
    _notice(view.notice)
    out.print(f"[bold]Your progress: {view.solved} of {view.total} drills solved[/]")
    for title, tallies in (("By level", view.levels), ("By technique", view.techniques)):
        out.print(f"\n[bold]{title}[/]")
        width = max((len(t.label) for t in tallies), default=0)
        for tally in tallies:
            out.print(
                f"  {render.safe(tally.label.ljust(width))}  {_bar(out, tally)}  {tally.solved}/{tally.total}"
            )
    if view.next_drill is not None:
        out.print(
            f"\nNext: [bold]vecdrill try {view.next_drill.id}[/] ({render.safe(view.next_drill.title)})"
        )


def _bar(out: Console, tally: guidance.Tally) -> str:
    filled = round(BAR_WIDTH * tally.solved / tally.total) if tally.total else 0
    if out.is_terminal:
        return f"[green]{'█' * filled}[/][dim]{'░' * (BAR_WIDTH - filled)}[/]"
    return render.safe(f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}]")


def _notice(notice: str | None) -> None:
    if notice:
        render.console(stderr=True).print(f"[yellow]{render.safe(notice)}[/]")
