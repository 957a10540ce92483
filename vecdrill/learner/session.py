"""`vecdrill try`: make the learner's file, then re-check it on every save until `q` or Ctrl-C.

Saves come from `watch.FileWatcher`; each is checked on the warm worker in the two steps of
`checks.check_save`. Between saves the loop answers single keys (`keys.Keys`), as rustlings' watch
mode does: `n` moves on to the next drill (its file made in the workspace, then watched), `h` a
hint, `t` the task, `l` the path, `e` the explanation, `q` quits. What the learner sees is drawn by
a `Screen` that the caller hands in (the command line gives `report.watch_screen.WatchScreen`), so
this loop knows nothing of the views.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from vecdrill.checking.pipeline import check
from vecdrill.checking.submission import Source, read_source
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError, VecdrillError
from vecdrill.learner import checks, guidance, keys, progress, watch, workspace
from vecdrill.messages import Message
from vecdrill.result.model import FileResult
from vecdrill.sandbox import launch, warm


class Screen(Protocol):
    """What the watch loop tells the learner."""

    interactive: bool
    keys_on: bool

    def intro(self, drill: Drill, path: Path, created: bool) -> None: ...
    def editing(self, command: list[str]) -> None: ...
    def note(self, message: str) -> None: ...
    def preparing(self) -> None: ...
    def checking(self) -> None: ...
    def waiting(self) -> None: ...
    def correct(self, result: FileResult) -> None: ...
    def verdict(self, result: FileResult, standing: guidance.Overview, following: Drill | None) -> None: ...
    def hint(self, hints: guidance.Hints) -> None: ...
    def task(self) -> None: ...
    def listing(self, view: guidance.PathView) -> None: ...
    def explanation(self, solved: bool) -> None: ...
    def path_done(self) -> None: ...
    def back(self) -> None: ...
    def summary(self, sessions: list[Session]) -> None: ...


@dataclass
class Session:
    """What one drill's part of a `vecdrill try` did, for the summary printed at the end."""

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
    folder: Path,
    open_editor: bool,
    keep_watching: bool,
    lang: str = "en",
) -> None:
    """Create the file from the starter (never over an existing one), edit it, then watch it;
    the drills that `n` moves on to get their files in the workspace `folder`."""
    session = _start(catalogue, drill, path, screen, lang)
    if not keep_watching:
        return
    launch.detect_isolation()  # a bad VECDRILL_ISOLATION is said now (a usage error), not mid-session
    sessions: list[Session] = []
    with warm.WarmWorker() as worker, contextlib.suppress(KeyboardInterrupt):
        loop = _Loop(catalogue, screen, worker, folder, lang)
        following: Session | None = session
        while following is not None:
            sessions.append(following)
            following = loop.follow(following, open_editor)
    if worker.problem:
        screen.note(worker.problem)
    screen.summary(sessions)


def _start(catalogue: Catalogue, drill: Drill, path: Path, screen: Screen, lang: str) -> Session:
    created = workspace.create(drill, path)
    screen.intro(drill, path, created)
    before = guidance.missing_prerequisites(catalogue, drill, lang)
    if before:
        screen.note(before)
    return Session(drill, path)


@dataclass(frozen=True)
class _Loop:
    """What the watch loop works with, from drill to drill: `folder` is the workspace where `n`
    makes the next drill's file."""

    catalogue: Catalogue
    screen: Screen
    worker: warm.WarmWorker
    folder: Path
    lang: str

    def follow(self, session: Session, open_editor: bool) -> Session | None:
        """Watch one drill's file until the learner quits (None) or moves on (the next drill's
        session). The terminal reads keys only once the editor has returned it."""
        with watch.FileWatcher(session.path, self._note) as saves:
            editor = workspace.editor_command() if open_editor and self.screen.interactive else None
            if editor is not None:
                self.screen.editing(editor)
                self._edit_while_preparing(editor, session)
            with keys.Keys(self.screen.interactive) as pressed:
                self.screen.keys_on = pressed.on
                return self._watch(session, saves, pressed)

    def _note(self, note: Message | UsageError) -> None:
        self.screen.note(note.text(self.lang))

    def _edit_while_preparing(self, editor: list[str], session: Session) -> None:
        """The editor owns the terminal until it exits; meanwhile this thread quietly gets the
        checker ready, so that the first verdict after the editor comes at full speed."""
        said: list[Message | None] = []
        editing = threading.Thread(
            target=lambda: said.append(workspace.open_in_editor(editor, session.path)), daemon=True
        )
        editing.start()
        with contextlib.suppress(VecdrillError):  # the first check meets it again, and says it
            self._fill_caches(session.drill, read_source(session.path))
        editing.join()
        if said and said[0]:
            self._note(said[0])

    def _fill_caches(self, drill: Drill, saved: watch.Save) -> None:
        """Check the file once without showing or recording anything: this starts the zygote and
        computes the loop's answers and timing, the slow parts of a first check."""
        check(saved, self.catalogue, replace(checks.TIMED, drill_id=drill.id), self.worker.run)

    def _watch(self, session: Session, saves: watch.FileWatcher, pressed: keys.Keys) -> Session | None:
        drill, screen = session.drill, self.screen
        checked: watch.Save | None = None  # the content of the last verdict
        while True:
            saved = saves.next_change(checked, pressed.waiting)
            if saved is None:  # a key, read between checks
                key = pressed.read()
                if key == keys.QUIT:
                    return None
                following = self._answer(key, session)
                if following is not None:
                    return following
                continue
            settled = functools.partial(saves.settled, saved)
            try:
                untouched = isinstance(saved, Source) and workspace.is_starter(drill, saved.data)
                if untouched:  # not the learner's work yet
                    screen.preparing()
                    self._fill_caches(drill, saved)
                    screen.waiting()
                    checked = saved
                    continue
                screen.checking()
                result = checks.check_save(
                    saved, drill, self.catalogue, self.worker.run, on_correct=screen.correct, settled=settled
                )
            except UsageError as problem:
                if settled():
                    self._note(problem)
                    checked = saved
                continue
            if result is None:  # the file changed while it was checked: what it holds now is next
                continue
            checked = saved
            session.checks += 1
            if result.verdict.passed:
                speedups = [d.timing.speedup for d in result.devices if d.timing]
                session.solved = True
                session.best_speedup = max([*speedups, session.best_speedup or 0.0]) or None
            standing = guidance.overview(self.catalogue, [self.catalogue.pack_of(drill.id)])
            screen.verdict(result, standing, guidance.first_unsolved(self.catalogue, after=drill))

    def _answer(self, key: str, session: Session) -> Session | None:
        """Do what a key asks (any other key shows the verdict again); `n` returns the next drill's
        session, with its file made in the workspace."""
        drill = session.drill
        if key == keys.NEXT:
            following = guidance.first_unsolved(self.catalogue, after=drill)
            if following is None:
                self.screen.path_done()
                return None
            path = workspace.default_path(following, self.folder)
            try:
                return _start(self.catalogue, following, path, self.screen, self.lang)
            except UsageError as problem:  # a file of another drill is in the way
                self._note(problem)
                return None
        if key == keys.HINT:
            self.screen.hint(guidance.next_hints(drill, self.lang))
        elif key == keys.TASK:
            self.screen.task()
        elif key == keys.LIST:
            self.screen.listing(guidance.path(self.catalogue, progress.solved_ids(progress.load())))
        elif key == keys.EXPLAIN:
            self.screen.explanation(guidance.is_solved(drill))
        else:
            self.screen.back()
        return None
