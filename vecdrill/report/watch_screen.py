"""`vecdrill try`'s screen: one compact view after every save, as rustlings' watch mode draws it.

In a terminal each save redraws a view sized to the terminal (made for 80x24 and larger): the
drill and the file, the verdict line with the speedup, the few lines that say what is wrong, what
to do next, the progress bar, and the keys in a footer. The explanation, the reference solution,
the task and the path are one key away, and the explanation and solution of every drill solved
in the session are printed in full once it ends. Where stdout is not a terminal, each verdict is
appended as plain text, which logs and tests can read. The learner's modules never import this
one: the command line hands a `WatchScreen` to `learner.session`, which sees only its `Screen`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from vecdrill import messages
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.learner import guidance
from vecdrill.learner.workspace import Moved
from vecdrill.report import render, screens, text
from vecdrill.result.model import FileResult

if TYPE_CHECKING:
    from vecdrill.learner.session import Session

OUTPUT_LINES = 6  # the last lines of a traceback or of the solution's output that the view keeps
NOTES_KEPT = 2  # the newest notes shown under the verdict


def moved_files(moves: list[Moved], lang: str) -> None:
    """One sentence per file found where older versions wrote it (`workspace.move_old_files`)."""
    words = messages.words("watch", lang)
    out = render.console()
    for move in moves:
        said = words["kept" if move.kept else "moved"].format(old=move.old, new=move.new)
        out.print(f"[yellow]{render.safe(said)}[/]")


class WatchScreen:
    """What `vecdrill try` shows while it watches the learner's file."""

    _drill: Drill  # set by `intro`, which the session calls first for every drill it starts
    _path: Path

    def __init__(self, lang: str, catalogue: Catalogue, workspace: Path) -> None:
        self._lang, self._catalogue, self._workspace = lang, catalogue, workspace
        self._words = messages.words("watch", lang)
        self._out = render.console()
        self.interactive = screens.interactive()
        self.keys_on = False  # the session says whether it reads keys (the footer names them)
        self._started = time.monotonic()
        self._result: FileResult | None = None
        self._standing: guidance.Overview | None = None
        self._following: Drill | None = None
        self._hints: guidance.Hints | None = None
        self._notes: list[str] = []
        self._status = ""
        self._first = True  # no drill shown yet

    def intro(self, drill: Drill, path: Path, created: bool) -> None:
        """The drill's full text, once, when its session starts; every later view is compact. A
        drill that `n` starts gets a clean screen; the first keeps what was said before it."""
        if not self._first:
            self._out.clear()
        self._first = False
        self._drill, self._path, self._result, self._hints, self._notes = drill, path, None, None, []
        render.drill_detail(drill, self._lang)
        self._out.print("\n" + self._say("created" if created else "exists", path=render.safe(str(path))))
        self._out.print(f"[dim]{self._say('workspace', folder=render.safe(str(self._workspace)))}[/]")

    def editing(self, command: list[str]) -> None:
        again = self._catalogue.command("try", self._drill.id) + " --no-editor"
        self._out.print(render.safe(self._words["editing"].format(editor=command[0], command=again)))

    def note(self, message: str) -> None:
        if self._shows_view():
            self._notes = [*self._notes, message][-NOTES_KEPT:]
            self._redraw()
        else:
            self._out.print(f"[yellow]{render.safe(message)}[/]")

    def preparing(self) -> None:
        self._update(f"[dim]{self._words['preparing']}[/]")

    def checking(self) -> None:
        self._started = time.monotonic()
        self._update(f"[dim]{self._words['checking']}[/]")

    def waiting(self) -> None:
        self._update(self._say("waiting", path=render.safe(str(self._path))))
        if not self._shows_view():
            self._out.print(self._footer() if self.keys_on else f"[dim]{self._words['stop']}[/]")

    def correct(self, result: FileResult) -> None:
        self._result = result
        self._update(f"[dim]{self._words['measuring']}[/]")

    def verdict(self, result: FileResult, standing: guidance.Overview, following: Drill | None) -> None:
        self._result, self._standing, self._following, self._notes = result, standing, following, []
        self._hints = None if result.verdict.passed else self._hints  # a hint helps until the pass
        ms = f"{(time.monotonic() - self._started) * 1000:.0f}"
        self._update(f"[dim]{self._say('checked', ms=ms, clock=time.strftime('%H:%M:%S'))}[/]", whole=True)

    def hint(self, hints: guidance.Hints) -> None:
        self._hints = hints
        self._redraw()

    def task(self) -> None:
        self._out.clear()
        render.drill_detail(self._drill, self._lang)
        self._out.print(self._footer(back=True), end="")

    def listing(self, view: guidance.PathView) -> None:
        self._out.clear()
        screens.drill_list(self._catalogue, view, self._lang, flat=False)
        self._out.print(self._footer(back=True), end="")

    def explanation(self, solved: bool) -> None:
        """After a pass, the explanation and the reference solution; before it, a sentence."""
        if not solved:
            self.note(self._words["not_yet"].format(drill=self._drill.id))
            return
        self._out.clear()
        screens.solution(self._drill, guidance.explanation(self._drill, self._lang), self._lang)
        self._out.print(self._footer(back=True), end="")

    def path_done(self) -> None:
        self.note(self._words["path_done"])

    def back(self) -> None:
        self._redraw()

    def summary(self, sessions: list[Session]) -> None:
        """The explanation and reference solution of each drill solved in the session, in full
        and once, then one line per drill: its checks, solved or not, the best speed (or slowdown)."""
        self._out.print()
        for session in sessions:
            if session.solved:
                screens.solution(session.drill, guidance.explanation(session.drill, self._lang), self._lang)
                self._out.print()
        for session in sessions:
            drill, best, count = session.drill.id, session.best_speedup, session.checks
            outcome = (
                self._say("solved_speed", speed=text.speed(best, self._lang))
                if session.solved and best
                else self._words["solved"]
                if session.solved
                else self._say("unsolved", drill=drill)
            )
            checks = self._say("one_check") if count == 1 else self._say("checks", count=count)
            line = self._say("summary", drill=drill, checks=checks, outcome=outcome, path=session.path)
            self._out.print(render.safe(line))

    def _say(self, key: str, **values: object) -> str:
        return self._words[key].format(**values)

    def _shows_view(self) -> bool:
        """The compact view is on the terminal (else lines are appended)."""
        return self._out.is_terminal and self._result is not None

    def _update(self, status: str, *, whole: bool = False) -> None:
        """In a terminal, redraw the view once it has a verdict (before, append the status line);
        elsewhere append the status, and with `whole` the view, so that a log reads each verdict once."""
        self._status = status
        if self._shows_view():
            self._redraw()
        elif whole:
            self._out.print(f"--- {time.strftime('%H:%M:%S')} ---")
            for line in self._view(10**6):
                self._out.print(line)
        else:
            self._out.print(status)

    def _redraw(self) -> None:
        """The compact view, sized to the terminal: the details under the verdict give way first."""
        self._out.clear()
        if self._result is None:
            render.drill_detail(self._drill, self._lang)
            self._out.print(self._status)
        else:
            for line in self._view(self._out.height - 1):  # the cursor's row: a full screen would scroll
                self._out.print(line)
        self._out.print(self._footer(), end="")

    def _view(self, rows: int) -> list[str]:
        """The view's lines (markup) in at most `rows` terminal rows, less the footer's."""
        assert self._result is not None
        head = [
            f"[bold]{render.safe(self._drill.id)}[/]: {render.safe(self._drill.title_in(self._lang))}",
            f"[dim]{render.safe(str(self._path))}[/]",
            "",
            self._headline(self._result),
        ]
        tail = ["", *self._next_lines(self._result), *self._hint_lines()]
        tail += [f"[yellow]{render.safe(n)}[/]" for n in self._notes]
        if self._standing is not None:
            solved, total = self._standing.solved, self._standing.total
            bar = screens.bar(self._out, solved, total)
            tail += ["", self._say("progress", bar=bar, solved=solved, total=total)]
        tail.append(self._status)
        footer = 1 if self.keys_on else 0
        room = rows - footer - sum(self._rows(line) for line in head + tail)
        return [*head, *self._fit(self._details(self._result), room), *tail]

    def _headline(self, result: FileResult) -> str:
        """`PASS relu-where: 1500x faster than the loop (cpu)`, else the verdict and its message."""
        mark = render.verdict_mark(result.verdict.value, self._lang)
        timed = next(((d.device, d.timing) for d in result.devices if d.timing), None)
        if result.verdict.passed and timed is not None:
            device, timing = timed
            faster = self._say("faster", speed=text.speed(timing.speedup, self._lang))
            said = faster + messages.say("report", "device_detail", self._lang, detail=device)
        else:
            said = result.message.text(self._lang)
        headline = {"verdict": mark, "file": render.safe(result.drill or ""), "message": render.safe(said)}
        return messages.say("report", "headline", self._lang, **headline)

    def _details(self, result: FileResult) -> list[str]:
        """What the headline leaves out: other findings, each device, the inputs where the answer
        differs, the end of a traceback and of the solution's output, notes."""
        lines = [f"  {f.line}:{f.col} {render.safe(f.message.text(self._lang))}" for f in result.findings[1:]]
        for device in result.devices:
            if device.timing is not None:
                speed = text.speedup_line(device.timing, self._lang)
                lead = messages.say("report", "device_lead", self._lang, device=device.device, verdict=speed)
                lines.append(f"  {lead}")
                continue
            status = text.device_status(device, result, self._lang)
            if status and not result.verdict.passed and device.message != result.message:
                lines.append(f"  {render.safe(status)}")
            if device.mismatch is not None and device.mismatch.inputs:
                lines.append(f"  {render.safe(text.inputs_line(device.mismatch.inputs, self._lang))}")
        if result.traceback:
            lines += [f"[dim]{render.safe(line)}[/]" for line in _last(result.traceback)]
        output = "\n".join(p for p in (result.stdout, result.stderr) if p.strip())
        if output and not result.verdict.passed:
            lines += [self._words["output"], *(render.safe(line) for line in _last(output))]
        return lines + [f"[dim]{render.safe(text.note_line(note, self._lang))}[/]" for note in result.notes]

    def _next_lines(self, result: FileResult) -> list[str]:
        """What to do now: after a pass, the next drill; before, fix and save (or ask for a hint)."""
        drill, following = self._drill, self._following
        if not result.verdict.passed:
            return [self._say("fix_key" if self.keys_on else "fix_command", drill=drill.id)]
        if following is not None and self.keys_on:
            title = render.safe(following.title_in(self._lang))
            return [self._say("next_key", drill=following.id, title=title)]
        return [render.after_line(self._catalogue, drill, following, self._lang)]

    def _hint_lines(self) -> list[str]:
        hints = self._hints
        if hints is None or not hints.steps:
            return []
        number = messages.say("hints", "heading", self._lang, number=len(hints.steps), total=hints.total)
        lines = [f"[bold]{number}[/]{render.safe(hints.steps[-1])}"]
        if len(hints.steps) == hints.total:
            lines.append(f"[dim]{self._say('last_hint', drill=hints.drill_id)}[/]")
        return lines

    def _fit(self, lines: list[str], room: int) -> list[str]:
        """`lines` in `room` rows, the last shown row saying how many lines were left out."""
        if sum(self._rows(line) for line in lines) <= room:
            return lines
        kept: list[str] = []
        used = 1  # the row that says what was left out
        for line in lines:
            if used + self._rows(line) > room:
                break
            kept.append(line)
            used += self._rows(line)
        left = len(lines) - len(kept)
        return [*kept, f"[dim]{self._say('more', count=left, path=render.safe(str(self._path)))}[/]"]

    def _rows(self, line: str) -> int:
        """The terminal rows a line of markup takes at the console's width."""
        from rich.text import Text

        return max(1, len(Text.from_markup(line).wrap(self._out, self._out.width)))

    def _footer(self, *, back: bool = False) -> str:
        return f"[dim]{self._words['footer']}{self._words['back'] if back else ''}[/]" if self.keys_on else ""


def _last(printed: str) -> list[str]:
    """The last OUTPUT_LINES lines of a traceback or output: the end says what went wrong."""
    return printed.rstrip().splitlines()[-OUTPUT_LINES:]
