"""The screens of the learner's loop: the path (`vecdrill list`), `vecdrill try`'s watch screen,
hints, the reference solution, progress bars and reset. With render.py, the only module that
imports rich.

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
from vecdrill.content.pack import Pack, Track
from vecdrill.learner import guidance, progress
from vecdrill.report import render, text
from vecdrill.report.model import FileResult

if TYPE_CHECKING:
    from rich.console import Console

    from vecdrill.learner.session import Session

BAR_WIDTH = 24
UNLISTED = {"en": "Not in a track of pack.toml yet", "zh": "尚未列入 pack.toml 的任何一轨"}
# `vecdrill list`: the mark of a drill whose prerequisites are not all solved, and its legend.
WAITING_MARK = "○"
WAITING_LEGEND = {
    "en": "○ builds on a drill you have not solved; `vecdrill try ID` names it.",
    "zh": "○ 用到了你还没通过的前置题；`vecdrill try ID` 会列出是哪几题。",
}


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
        render.drill_detail(self._drill, self._lang)
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
                pack = (
                    f" of {render.safe(_title(standing.tracks[0].pack, self._lang))}"
                    if standing.tracks
                    else ""
                )
                self._out.print(
                    f"[green]Progress: {standing.solved} of {standing.total} drills{pack} "
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
        """One line at Ctrl-C: how many checks, solved or not, and the best speed (or slowdown)."""
        drill_id, where, best = session.drill.id, render.safe(str(session.path)), session.best_speedup
        if self._lang == "zh":
            outcome = (
                "已解出" + (f"，比循环{text.speed(best, 'zh')}" if best else "")
                if session.solved
                else f"尚未解出（vecdrill hint {drill_id} 给出提示）"
            )
            self._out.print(
                f"已停止监视 {drill_id}，共检查 {session.checks} 次：{render.safe(outcome)}。"
                f"你的文件仍在 {where}。"
            )
            return
        outcome = (
            "solved" + (f", {text.speed(best)} than the loop" if best else "")
            if session.solved
            else f"not solved yet (vecdrill hint {drill_id} gives a hint)"
        )
        checks = f"{session.checks} check{'' if session.checks == 1 else 's'}"
        self._out.print(
            f"Stopped watching {drill_id} after {checks}: {render.safe(outcome)}. Your file stays at {where}."
        )

    def _redraw(self, draw: Callable[[], None]) -> None:
        if self._out.is_terminal:
            self._out.clear()
            render.drill_detail(self._drill, self._lang)
            self._out.print(f"Your file: [bold]{render.safe(str(self._path))}[/]\n")
        else:
            self._out.print(f"--- {time.strftime('%H:%M:%S')} ---")
        draw()


def hints(view: guidance.Hints) -> None:
    out = render.console()
    _notice(view.notice)
    if view.untranslated:
        out.print(f"[dim]{render.safe(view.untranslated)}[/]")
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


def drill_list(catalogue: Catalogue, view: guidance.PathView, lang: str, *, flat: bool) -> None:
    """`vecdrill list`: the path in a terminal, tab-separated lines when piped or with --flat."""
    if flat or not render.console().is_terminal:
        _drill_rows(view.stretches)
    else:
        _drill_path(catalogue, view, lang)
    render.problems(catalogue.problems_in(catalogue.scope()))


def _drill_path(catalogue: Catalogue, view: guidance.PathView, lang: str) -> None:
    """Each pack's path, track by track, with the learner's status and the next drill marked."""
    out = render.console()
    stretches = view.stretches
    idw = max((len(s.drill.id) for part in stretches for s in part.steps), default=0)
    titles = [_title(s.drill, lang) for part in stretches for s in part.steps]
    tw = max((len(t) for t in titles), default=0)
    pack: Pack | None = None
    for part in stretches:
        if part.tally.pack is not pack:
            pack = part.tally.pack
            out.print(
                f"\n[bold underline]{render.safe(_title(pack, lang))}[/] [dim]({render.safe(pack.id)})[/]"
            )
        out.print(
            f"\n  [bold]{render.safe(_title(part.tally.track, lang))}[/]  "
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
                f"  {mark} {step.number:>3}  {render.safe(step.drill.id.ljust(idw))}  "
                f"{render.safe(_title(step.drill, lang).ljust(tw))}  level {step.drill.level}  "
                f"{step.drill.library}"
            )
            out.print(f"[bold]{line}  ← next[/]" if step.is_next else line)
    if any(step.waiting and not step.is_next for part in stretches for step in part.steps):
        out.print(f"\n[dim]{render.safe(WAITING_LEGEND['zh' if lang == 'zh' else 'en'])}[/]")
    if view.next_drill is not None:
        out.print(
            f"\nNext: [bold]{render.safe(catalogue.command('try', view.next_drill.id))}[/] "
            f"({render.safe(_title(view.next_drill, lang))})"
        )
    elif stretches:
        out.print("\nYou have solved every drill on this path.")


def _drill_rows(stretches: tuple[guidance.Stretch, ...]) -> None:
    """One tab-separated line per drill, in path order: the columns of a table, for scripts."""
    for part in stretches:
        track = part.tally.track.id if part.tally.track else "-"
        for step in part.steps:
            d = step.drill
            status = "solved" if step.solved else "-"
            print(
                f"{d.id}\t{d.title}\t{d.level}\t{d.library}\t{','.join(d.techniques)}\t{status}"
                f"\t{part.tally.pack.id}\t{track}"
            )


def progress_bars(view: guidance.Overview, catalogue: Catalogue, lang: str) -> None:
    out = render.console()
    _notice(view.notice)
    out.print(f"[bold]Your progress: {view.solved} of {view.total} drills solved[/]")
    packs = list(dict.fromkeys(t.pack for t in view.tracks))
    sections: list[tuple[str, list[tuple[str, int, int]]]] = [
        (
            _title(pack, lang),
            [(_title(t.track, lang), t.solved, t.total) for t in view.tracks if t.pack is pack],
        )
        for pack in packs
    ]
    sections += [
        (title, [(t.label, t.solved, t.total) for t in tallies])
        for title, tallies in (("By level", view.levels), ("By technique", view.techniques))
    ]
    for title, rows in sections:
        out.print(f"\n[bold]{render.safe(title)}[/]")
        width = max((len(label) for label, _, _ in rows), default=0)
        for label, solved, total in rows:
            out.print(f"  {render.safe(label.ljust(width))}  {_bar(out, solved, total)}  {solved}/{total}")
    if view.next_drill is not None:
        out.print(
            f"\nNext: [bold]{render.safe(catalogue.command('try', view.next_drill.id))}[/] "
            f"({render.safe(_title(view.next_drill, lang))})"
        )


def path_done(catalogue: Catalogue) -> None:
    """`vecdrill next` with nothing left to do on the path."""
    names = ", ".join(pack.title for pack in catalogue.scope())
    render.console().print(
        f"You have solved every drill of {render.safe(names)}. `vecdrill list` shows them all; "
        "`vecdrill check` re-checks any file."
    )


def _title(item: Pack | Track | Drill | None, lang: str) -> str:
    """The title in the learner's language (None: the pack's drills that no track lists)."""
    if item is None:
        return UNLISTED["zh" if lang == "zh" else "en"]
    if isinstance(item, Drill):
        return item.title_in(lang)
    return item.zh_title if lang == "zh" else item.title


def _bar(out: Console, solved: int, total: int) -> str:
    filled = round(BAR_WIDTH * solved / total) if total else 0
    if out.is_terminal:
        return f"[green]{'█' * filled}[/][dim]{'░' * (BAR_WIDTH - filled)}[/]"
    return render.safe(f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}]")


def _notice(notice: str | None) -> None:
    if notice:
        render.console(stderr=True).print(f"[yellow]{render.safe(notice)}[/]")
