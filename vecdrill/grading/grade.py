"""Grade a class: check each student's file for each drill (warm workers, results of earlier runs
reused), one gradebook row per student and drill.

Unlike `vecdrill check`, nothing here records into the progress of the teacher running it, and
failing students are the rows' business, not an error.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, replace
from typing import Any

from vecdrill.checking import batch
from vecdrill.checking.pipeline import CheckOptions, Runner, check_file
from vecdrill.checking.submission import Unreadable, read_source
from vecdrill.content.catalogue import Catalogue
from vecdrill.errors import UsageError
from vecdrill.grading import copies, resume
from vecdrill.grading.gradebook import MISSING, Gradebook, Row
from vecdrill.grading.roster import Roster, Shard, Submission
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
        why = "was asked for" if report.forced else "is the only sandbox that runs here"
        raise UsageError(
            f"the plain sandbox {why}, and it cannot keep one student's file from another's files "
            "or results (`vecdrill doctor` says what the stronger ones need); use bubblewrap or "
            "unshare, or grade anyway with --allow-plain"
        )


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
        Row(student, drill_id, MISSING, f"{student} handed in no file for {drill_id}", None, None, None, None)
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
    for row in _check_all(pending, catalogue, options, jobs):
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


def _check_all(
    pending: list[Pending], catalogue: Catalogue, options: CheckOptions, jobs: int
) -> Iterator[Row]:
    """Check the pending files, on warm workers once there are more files than jobs; each row as
    soon as its check ends, so progress shows while the rest run."""
    with contextlib.ExitStack() as stack:
        runner: Runner | None = None
        if len(pending) > jobs:
            drills = {p.submission.drill.id: p.submission.drill for p in pending}.values()
            runner = stack.enter_context(batch.warm_pool(drills, options.isolation, jobs)).run
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_check_one, p, catalogue, options, runner) for p in pending]
            for future in as_completed(futures):
                yield future.result()


def _check_one(pending: Pending, catalogue: Catalogue, options: CheckOptions, runner: Runner | None) -> Row:
    submission = pending.submission
    mine = replace(options, drill_id=submission.drill.id)
    result = (
        check_file(submission.path, catalogue, mine, runner)
        if runner
        else check_file(submission.path, catalogue, mine)
    )
    row = _row(pending, result)
    if pending.key:
        resume.store(pending.key, row)
    return row


def _row(pending: Pending, result: FileResult) -> Row:
    submission = pending.submission
    speedups = [d.timing.speedup for d in result.devices if d.timing and d.device == "cpu"]
    return Row(
        submission.student,
        submission.drill.id,
        result.verdict.value,
        result.message,
        speedups[0] if speedups else None,
        round(result.seconds, 3),
        str(submission.path),
        pending.sha256,
        work_by=result.evidence.get("work"),
        speedup_by=result.evidence.get("timing") if speedups else None,
        fingerprint=pending.fingerprint,
    )


def _hashes(submission: Submission) -> tuple[str | None, str | None]:
    """The SHA-256 of the bytes a check would read and the fingerprint of their code (a copy
    shows by either); None, None for a file a check refuses to read (its row says why)."""
    source = read_source(submission.path)
    if isinstance(source, Unreadable):
        return None, None
    starter = submission.drill.file("starter.py").read_bytes()
    return hashlib.sha256(source).hexdigest(), copies.fingerprint(source, starter)


def _verdict_options(options: CheckOptions) -> dict[str, Any]:
    return {
        "device": options.device,
        "bench": options.bench,
        "seed": options.seed,
        "timeout": options.timeout,
        "isolation": options.isolation,
    }
