"""Check learner files and record each check as an attempt in progress: many files at once for
`vecdrill check`, one save in two steps for `vecdrill try`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

from vecdrill import paths
from vecdrill.checking import batch
from vecdrill.checking.pipeline import CheckOptions, Runner, check_file
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import UsageError
from vecdrill.learner import progress
from vecdrill.result.model import FileResult

SAVE_BENCH_BUDGET = 0.05  # seconds of timed calls per save (at most twice that in wall time)
QUICK = CheckOptions(bench=False, bench_size=False)  # a save's first step: correctness and loops
TIMED = CheckOptions(bench_budget=SAVE_BENCH_BUDGET)  # its second step; the loop's times are cached


def check_many(
    files: list[Path], catalogue: Catalogue, options: CheckOptions, *, jobs: int = 1, record: bool = True
) -> list[FileResult]:
    """Check every file (in parallel with jobs > 1); results keep the order of `files`. A batch
    with more files than jobs is served by warm workers (one per job), a smaller one cold. Without
    `record` (a teacher checking hand-ins), nothing goes into the progress of whoever runs it."""
    missing = [f for f in files if not f.exists() and not f.is_symlink()]
    if missing:
        raise UsageError(f"{str(missing[0])!r} does not exist; check the path")
    with contextlib.ExitStack() as stack:
        runner: Runner | None = None
        drills = batch.drills_of(files, catalogue, options.drill_id) if len(files) > 1 else []
        if len(files) > jobs:
            runner = stack.enter_context(batch.warm_pool(drills, options.isolation, jobs)).run
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            check = check_and_record if record else _check_only
            results = list(pool.map(lambda f: check(f, catalogue, options, runner), files))
    return results


def _check_only(
    path: Path, catalogue: Catalogue, options: CheckOptions, runner: Runner | None = None
) -> FileResult:
    return check_file(path, catalogue, options, runner) if runner else check_file(path, catalogue, options)


def check_and_record(
    path: Path, catalogue: Catalogue, options: CheckOptions, runner: Runner | None = None
) -> FileResult:
    return record(_check_only(path, catalogue, options, runner), path.resolve())


def record(result: FileResult, file: Path | None) -> FileResult:
    """Count a check as an attempt in progress; `file` is where the solution lives, if in a file."""
    if result.drill is not None:
        speedups = [d.timing.speedup for d in result.devices if d.timing and d.device == "cpu"]
        _attempted(result, speedups[0] if speedups else None, file)
    return result


def _attempted(result: FileResult, speedup: float | None, file: Path | None) -> None:
    """Record the attempt; a progress store that cannot be written (a read-only or full disk,
    a folder where its file should be) costs the record, never the verdict, and says so."""
    assert result.drill is not None
    try:
        state = progress.record_attempt(
            result.drill, passed=result.verdict.passed, speedup=speedup, file=file
        )
    except OSError as exc:
        result.notes.append(
            f"this check could not be recorded in your progress ({exc.strerror or exc}: "
            f"{exc.filename or paths.progress_file()}); the verdict stands. Make that place a "
            "writable file again, or set VECDRILL_HOME to a folder you can write"
        )
        return
    if state.notice:
        result.notes.append(state.notice)


def check_save(
    path: Path,
    drill: Drill,
    catalogue: Catalogue,
    runner: Runner,
    *,
    on_correct: Callable[[FileResult], None],
    settled: Callable[[], bool],
) -> FileResult | None:
    """Correctness first, which answers fastest; a correct solution is then checked again with
    timing for the speedup. Both count in progress as one attempt. The first step starts the
    moment a save begins; None (nothing shown, nothing recorded) when the file did not stay as
    it was (`settled`), so that the check may have read half a save."""
    quick = check_file(path, catalogue, replace(QUICK, drill_id=drill.id), runner)
    if not settled():
        return None
    if not quick.verdict.passed:
        _attempted(quick, None, path)
        return quick
    on_correct(quick)
    return check_and_record(path, catalogue, replace(TIMED, drill_id=drill.id), runner)
