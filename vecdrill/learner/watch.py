"""`vecdrill try`: make the learner's file, then re-check it on every save until Ctrl-C.

Saves are found by polling: a stat costs microseconds, works on every filesystem and sees an
editor's atomic rename as well as an in-place write. A change counts once the file's content
differs from what was last checked and has stopped changing for one more poll, so a save written
in pieces is checked once, whole. Timestamps can be coarser than two quick saves, so while the
file is freshly modified its content is hashed on every poll as well.

Each save is checked in two steps on the warm worker: correctness and loop detection first, which
answer fastest, then, only for a correct solution, the same check with timing for the speedup.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from vecdrill.check.pipeline import CheckOptions, Runner, check_file
from vecdrill.check.submission import read_source
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError, VecdrillError
from vecdrill.learner import checks as service
from vecdrill.learner import hints, progress, workspace
from vecdrill.report.model import FileResult
from vecdrill.sandbox import launch, warm

POLL_SECONDS = 0.02
RECENT_SECONDS = 2.0  # hash on every poll while the file's mtime is this fresh
MISSING_SECONDS = 1.0  # an editor's rename leaves the path empty only for a moment
BENCH_BUDGET = 0.05  # seconds of timed calls (at most twice that in wall time); the loop is cached
QUICK = CheckOptions(bench=False)
TIMED = CheckOptions(bench_budget=BENCH_BUDGET)


class Screen(Protocol):
    """What the watch loop tells the learner (`tui.WatchScreen` draws it)."""

    interactive: bool

    def intro(self, created: bool) -> None: ...
    def editing(self, command: list[str]) -> None: ...
    def note(self, message: str) -> None: ...
    def preparing(self) -> None: ...
    def checking(self) -> None: ...
    def waiting(self) -> None: ...
    def correct(self, result: FileResult) -> None: ...
    def verdict(self, result: FileResult, standing: hints.Overview) -> None: ...
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
    catalogue: Catalogue, drill: Drill, path: Path, screen: Screen, *, open_editor: bool, keep_watching: bool
) -> None:
    """Create the file from the starter (never over an existing one), edit it, then watch it."""
    created = workspace.create(drill, path)
    screen.intro(created)
    if not keep_watching:
        return
    try:
        launch.detect_isolation()  # a bad VECDRILL_ISOLATION is said now, not mid-session
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    session = Session(drill, path)
    with warm.WarmWorker() as worker, contextlib.suppress(KeyboardInterrupt):
        editor = workspace.editor_command() if open_editor and screen.interactive else None
        if editor is not None:
            screen.editing(editor)
            _edit_while_preparing(editor, catalogue, session, screen, worker)
        _watch(catalogue, session, screen, worker)
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
    check_file(path, catalogue, replace(TIMED, drill_id=drill.id), worker.run)


def _watch(catalogue: Catalogue, session: Session, screen: Screen, worker: warm.WarmWorker) -> None:
    drill, path = session.drill, session.path
    checked: bytes | None = None
    while True:
        checked = next_save(
            path,
            checked,
            lambda: screen.note(f"{path} is gone; vecdrill waits for it to come back (Ctrl-C to stop)"),
        )
        try:
            if workspace.is_untouched(drill, path):  # not the learner's work yet
                screen.preparing()
                _fill_caches(catalogue, drill, path, worker)
                screen.waiting()
                continue
            screen.checking()
            result = check_save(path, drill, catalogue, worker.run, on_correct=screen.correct)
        except UsageError as problem:
            screen.note(str(problem))
            continue
        session.checks += 1
        if result.verdict.passed:
            speedups = [d.timing.speedup for d in result.devices if d.timing]
            session.solved = True
            session.best_speedup = max([*speedups, session.best_speedup or 0.0]) or None
        screen.verdict(result, hints.overview(catalogue))


def check_save(
    path: Path,
    drill: Drill,
    catalogue: Catalogue,
    runner: Runner,
    *,
    on_correct: Callable[[FileResult], None],
) -> FileResult:
    """Correctness first; a correct solution is then checked again with timing. Both count in
    progress as one attempt."""
    quick = check_file(path, catalogue, replace(QUICK, drill_id=drill.id), runner)
    if not quick.verdict.passed:
        state = progress.record_attempt(drill.id, passed=False, file=path)
        quick.notes.extend([state.notice] if state.notice else [])
        return quick
    on_correct(quick)
    return service.check_and_record(path, catalogue, replace(TIMED, drill_id=drill.id), runner)


def next_save(path: Path, checked: bytes | None, on_missing: Callable[[], None]) -> bytes:
    """Wait until the file's content differs from `checked` and has settled; return its digest."""
    seen: tuple[int, ...] | None = None
    missing_since: float | None = None
    while True:
        info = _stat(path)
        if info is None:
            missing_since = missing_since or time.monotonic()
            if time.monotonic() - missing_since > MISSING_SECONDS:
                on_missing()
                missing_since = float("inf")  # say it once per absence
        elif info != seen or _fresh(info):
            seen, missing_since = info, None
            digest = _digest(path)
            if digest is not None and digest != checked:
                time.sleep(POLL_SECONDS)
                if _stat(path) == info:
                    return digest
        time.sleep(POLL_SECONDS)


def _stat(path: Path) -> tuple[int, ...] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def _fresh(info: tuple[int, ...]) -> bool:
    return time.time_ns() - info[2] < RECENT_SECONDS * 1e9


def _digest(path: Path) -> bytes | None:
    """A hash of what a check would read (or of why it cannot read it); None if it is gone."""
    try:
        source = read_source(path)
    except UsageError:
        return None
    content = source if isinstance(source, bytes) else source.message.encode()
    return hashlib.blake2b(content, digest_size=16).digest()
