"""Grade a class: check each student's file for each drill (warm workers, results of earlier runs
reused), one gradebook row per student and drill.

Unlike `vecdrill check`, nothing here records into the progress of the teacher running it, and
failing students are the rows' business, not an error.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from vecdrill.checking import batch
from vecdrill.checking.pipeline import CheckOptions, Runner, check
from vecdrill.checking.submission import Source
from vecdrill.content.catalogue import Catalogue
from vecdrill.errors import UsageError
from vecdrill.grading import copies, resume
from vecdrill.grading.gradebook import MISSING, Gradebook, Row, coded
from vecdrill.grading.roster import Roster, Shard, Submission
from vecdrill.messages import message
from vecdrill.result.model import FileResult
from vecdrill.sandbox import launch
from vecdrill.version import __version__


@dataclass(frozen=True)
class Pending:
    """A submission that needs a check, with the key its result is kept under and the hashes its
    row carries."""

    submission: Submission
    sha256: str | None
    fingerprint: str | None
    key: str | None


class InOrder:
    """Hands rows to `on_row` in the gradebook's order, each once every row before it is done.

    Rows finish out of order: a missing hand-in at once, checks as their workers end. Told as they
    finished, every missing row came first, so a progress bar named the last missing student for
    as long as the files were checked; told in order, it moves through the gradebook and ends on
    its last row, missing or not."""

    def __init__(self, keys: list[tuple[str, str]], on_row: Callable[[Row], None]) -> None:
        self._keys = deque(sorted(keys))
        self._done: dict[tuple[str, str], Row] = {}
        self._on_row = on_row

    def done(self, row: Row) -> None:
        self._done[(row.student, row.drill)] = row
        while self._keys and self._keys[0] in self._done:
            self._on_row(self._done.pop(self._keys.popleft()))


def trusted_layer(isolation: str | None, allow_plain: bool) -> None:
    """Refuse to grade under the plain layer unless asked: there, nothing the kernel enforces keeps
    a student's file from reading other files of this user (another student's, the answers) or the
    memory of this user's other processes, so one file could pass on another's work or damage it."""
    report = launch.detect_isolation(isolation)
    if report.layer is launch.Isolation.PLAIN and not allow_plain:
        raise UsageError(message("errors", "plain_asked" if report.forced else "plain_only"))


def grade(
    roster: Roster,
    catalogue: Catalogue,
    options: CheckOptions,
    *,
    jobs: int,
    shard: Shard | None = None,
    on_row: Callable[[Row], None] = lambda row: None,
    on_total: Callable[[int], None] = lambda total: None,
) -> Gradebook:
    """The gradebook of `roster` (of its `shard` only, if given); `on_total` hears how many rows
    there are, `on_row` each row as it is done."""
    settings = _verdict_options(options)
    mine = [s for s in roster.submissions if shard is None or shard.holds(s.student, s.drill.id)]
    handed_in = {(s.student, s.drill.id) for s in roster.submissions}
    rows = [
        _missing_row(student, drill_id)
        for student in roster.students
        for drill_id in roster.drills
        if (student, drill_id) not in handed_in and (shard is None or shard.holds(student, drill_id))
    ]
    on_total(len(rows) + len(mine))
    in_order = InOrder([(r.student, r.drill) for r in rows] + [(s.student, s.drill.id) for s in mine], on_row)
    for row in rows:
        in_order.done(row)
    pending = []
    for submission in mine:
        sha256, fingerprint = _hashes(submission)
        key = resume.key(submission.path, sha256, submission.drill, settings) if sha256 else None
        earlier = resume.load(key) if key else None
        if earlier is None:
            pending.append(Pending(submission, sha256, fingerprint, key))
        else:
            rows.append(replace(earlier, student=submission.student, fingerprint=fingerprint))
            in_order.done(rows[-1])
    drills = {p.submission.drill.id: p.submission.drill for p in pending}.values()
    checked = batch.run_all(
        pending,
        lambda one, runner: _check_one(one, catalogue, options, runner),
        drills,
        isolation=options.isolation,
        jobs=jobs,
        warm_workers=len(pending) > jobs,
    )
    for row in checked:
        rows.append(row)
        in_order.done(row)
    return Gradebook(
        __version__,
        settings,
        roster.drills,
        roster.students,
        sorted(rows, key=lambda row: (row.student, row.drill)),
        shard=str(shard) if shard else None,
        ignored=sorted(roster.ignored, key=lambda item: item.file),
        checked=len(pending),
        reused=len(mine) - len(pending),
    )


def _check_one(pending: Pending, catalogue: Catalogue, options: CheckOptions, runner: Runner) -> Row:
    """The row of one hand-in, checked on the bytes its hashes were made of."""
    submission = pending.submission
    result = check(submission.read, catalogue, replace(options, drill_id=submission.drill.id), runner)
    row = _row(pending, result)
    if pending.key:
        resume.store(pending.key, row)
    return row


def _row(pending: Pending, result: FileResult) -> Row:
    submission = pending.submission
    speedup = result.cpu_speedup
    return Row(
        submission.student,
        submission.drill.id,
        result.verdict.value,
        result.message.text("en"),  # the gradebook is a document for programs as much as people
        speedup,
        round(result.seconds, 3),
        str(submission.path),
        pending.sha256,
        work_by=result.evidence.get("work"),
        speedup_by=result.evidence.get("timing") if speedup is not None else None,
        fingerprint=pending.fingerprint,
        **coded("message", result.message),
    )


def _missing_row(student: str, drill_id: str) -> Row:
    said = message("grade_table", "no_file", student=student, drill=drill_id)
    return Row(student, drill_id, MISSING, said.text("en"), None, None, None, None, **coded("message", said))


def _hashes(submission: Submission) -> tuple[str | None, str | None]:
    """The SHA-256 of the bytes the check reads and the fingerprint of their code (a copy shows by
    either); None, None for a file a check refuses to read (its row says why)."""
    read = submission.read
    if not isinstance(read, Source):
        return None, None
    starter = submission.drill.file("starter.py").read_bytes()
    return read.sha256, copies.fingerprint(read.data, starter)


def _verdict_options(options: CheckOptions) -> dict[str, Any]:
    """The options a verdict depends on, which the gradebook records and a resumed result matches."""
    return {name: getattr(options, name) for name in ("device", "bench", "seed", "timeout", "isolation")}
