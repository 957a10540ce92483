"""Check learner files and record each check as an attempt in progress: many files at once for
`vecdrill check`, one save in two steps for `vecdrill try`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from vecdrill import paths
from vecdrill.checking import batch
from vecdrill.checking.pipeline import CheckOptions, Runner, check
from vecdrill.checking.submission import Source, Unreadable, read_source
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.learner import progress
from vecdrill.messages import message
from vecdrill.result.model import FileResult
from vecdrill.sandbox import launch

SAVE_BENCH_BUDGET = 0.05  # seconds of timed calls per save (at most twice that in wall time)
QUICK = CheckOptions(bench=False, bench_size=False)  # a save's first step: correctness and loops
TIMED = CheckOptions(bench_budget=SAVE_BENCH_BUDGET)  # its second step; the loop's times are cached


def check_many(
    files: list[Path],
    catalogue: Catalogue,
    options: CheckOptions,
    *,
    jobs: int = 1,
    record: bool = True,
    cold: Runner = launch.run_sandboxed,
) -> list[FileResult]:
    """Check every file (in parallel with jobs > 1), each read once, before any is checked; results
    keep the order of `files`. A batch with more files than jobs is served by warm workers (one per
    job), a smaller one cold (by `cold`: a fresh child per check, or one started early). Without
    `record` (a teacher checking hand-ins), nothing goes into the progress of whoever runs it."""
    reads = [read_source(file) for file in files]
    drills = batch.drills_of(reads, catalogue, options.drill_id) if len(files) > 1 else []
    checked = check_and_record if record else check
    warm = len(files) > jobs
    return list(
        batch.run_all(
            reads,
            lambda read, runner: checked(read, catalogue, options, runner),
            drills,
            isolation=options.isolation,
            jobs=jobs,
            warm_workers=warm,
            cold=cold,
        )
    )


def check_and_record(
    read: Source | Unreadable,
    catalogue: Catalogue,
    options: CheckOptions,
    runner: Runner = launch.run_sandboxed,
) -> FileResult:
    return record(check(read, catalogue, options, runner), read.path.resolve())


def record(result: FileResult, file: Path | None) -> FileResult:
    """Count a check as an attempt in progress; `file` is where the solution lives, if in a file.
    The result comes back with what recording it has to say (a note), if anything: a progress
    store that cannot be written (a read-only or full disk, a folder where its file should be)
    costs the record, never the verdict, and says so."""
    if result.drill is None:
        return result
    try:
        state = progress.record_attempt(
            result.drill, passed=result.verdict.passed, speedup=result.cpu_speedup, file=file
        )
    except OSError as exc:
        place = exc.filename or paths.progress_file()
        note = message("note", "not_recorded", error=exc.strerror or str(exc), place=str(place))
        return replace(result, notes=(*result.notes, note))
    if state.notice:
        return replace(result, notes=(*result.notes, state.notice))
    return result


def check_save(
    saved: Source | Unreadable,
    drill: Drill,
    catalogue: Catalogue,
    runner: Runner,
    *,
    on_correct: Callable[[FileResult], None],
    settled: Callable[[], bool],
) -> FileResult | None:
    """Correctness first, which answers fastest; a correct solution is then checked again with
    timing for the speedup. Both steps check the bytes of one save, read once by the watcher, and
    count in progress as one attempt. The first step starts the moment a save begins; None
    (nothing shown, nothing recorded) when the file did not stay as it was (`settled`), so that
    the check may have read half a save."""
    quick = check(saved, catalogue, replace(QUICK, drill_id=drill.id), runner)
    if not settled():
        return None
    if not quick.verdict.passed:
        return record(quick, saved.path)  # untimed: no speedup to keep
    on_correct(quick)
    return check_and_record(saved, catalogue, replace(TIMED, drill_id=drill.id), runner)
