"""`vecdrill try`: make the learner's file, then re-check it on every save until Ctrl-C.

Saves come from `watch.FileWatcher`; each is checked on the warm worker in the two steps of
`checks.check_save`. What the learner sees is drawn by a `Screen` that the caller hands in (the
command line gives `report.screens.WatchScreen`), so this loop knows nothing of the views.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from vecdrill.check.pipeline import check_file
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError, VecdrillError
from vecdrill.learner import checks, guidance, watch, workspace
from vecdrill.report.model import FileResult
from vecdrill.sandbox import launch, warm


class Screen(Protocol):
    """What the watch loop tells the learner."""

    interactive: bool

    def intro(self, created: bool) -> None: ...
    def editing(self, command: list[str]) -> None: ...
    def note(self, message: str) -> None: ...
    def preparing(self) -> None: ...
    def checking(self) -> None: ...
    def waiting(self) -> None: ...
    def correct(self, result: FileResult) -> None: ...
    def verdict(self, result: FileResult, standing: guidance.Overview) -> None: ...
    def summary(self, session: Session) -> None: ...


@dataclass
class Session:
    """What one `vecdrill try` did, for the line printed at Ctrl-C."""

    drill: Drill
    path: Path
    checks: int = 0
    solved: bool = False
    best_speedup: float | None = None


def try_drill(
    catalogue: Catalogue,
    drill: Drill,
    path: Path,
    screen: Screen,
    *,
    open_editor: bool,
    keep_watching: bool,
    lang: str = "en",
) -> None:
    """Create the file from the starter (never over an existing one), edit it, then watch it."""
    created = workspace.create(drill, path)
    screen.intro(created)
    before = guidance.missing_prerequisites(catalogue, drill, lang)
    if before:
        screen.note(before)
    if not keep_watching:
        return
    try:
        launch.detect_isolation()  # a bad VECDRILL_ISOLATION is said now, not mid-session
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    session = Session(drill, path)
    with (
        watch.FileWatcher(path, screen.note) as saves,
        warm.WarmWorker() as worker,
        contextlib.suppress(KeyboardInterrupt),
    ):
        editor = workspace.editor_command() if open_editor and screen.interactive else None
        if editor is not None:
            screen.editing(editor)
            _edit_while_preparing(editor, catalogue, session, screen, worker)
        _watch(catalogue, session, screen, worker, saves)
    if worker.problem:
        screen.note(worker.problem)
    screen.summary(session)


def _edit_while_preparing(
    editor: list[str], catalogue: Catalogue, session: Session, screen: Screen, worker: warm.WarmWorker
) -> None:
    """The editor owns the terminal until it exits; meanwhile this thread quietly gets the
    checker ready, so that the first verdict after the editor comes at full speed."""
    said: list[str | None] = []
    editing = threading.Thread(
        target=lambda: said.append(workspace.open_in_editor(editor, session.path)), daemon=True
    )
    editing.start()
    with contextlib.suppress(VecdrillError):  # the first check meets it again, and says it
        _fill_caches(catalogue, session.drill, session.path, worker)
    editing.join()
    if said and said[0]:
        screen.note(said[0])


def _fill_caches(catalogue: Catalogue, drill: Drill, path: Path, worker: warm.WarmWorker) -> None:
    """Check the file once without showing or recording anything: this starts the zygote and
    computes the loop's answers and timing, the slow parts of a first check."""
    check_file(path, catalogue, replace(checks.TIMED, drill_id=drill.id), worker.run)


def _watch(
    catalogue: Catalogue, session: Session, screen: Screen, worker: warm.WarmWorker, saves: watch.FileWatcher
) -> None:
    drill, path = session.drill, session.path
    checked: bytes | None = None
    while True:
        checked = saves.next_save(checked)
        try:
            if workspace.is_untouched(drill, path):  # not the learner's work yet
                screen.preparing()
                _fill_caches(catalogue, drill, path, worker)
                screen.waiting()
                continue
            screen.checking()
            result = checks.check_save(path, drill, catalogue, worker.run, on_correct=screen.correct)
        except UsageError as problem:
            screen.note(str(problem))
            continue
        session.checks += 1
        if result.verdict.passed:
            speedups = [d.timing.speedup for d in result.devices if d.timing]
            session.solved = True
            session.best_speedup = max([*speedups, session.best_speedup or 0.0]) or None
        screen.verdict(result, guidance.overview(catalogue, [catalogue.pack_of(drill.id)]))
