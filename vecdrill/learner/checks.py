"""Use cases that combine the core modules: check many files and remember the passes."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from vecdrill.check.pipeline import CheckOptions, Runner, check_file
from vecdrill.content.catalogue import Catalogue
from vecdrill.errors import UsageError
from vecdrill.learner import progress
from vecdrill.report.model import FileResult


def check_many(
    files: list[Path], catalogue: Catalogue, options: CheckOptions, *, jobs: int = 1
) -> list[FileResult]:
    """Check every file (in parallel with jobs > 1); results keep the order of `files`."""
    missing = [f for f in files if not f.exists() and not f.is_symlink()]
    if missing:
        raise UsageError(f"{str(missing[0])!r} does not exist; check the path")
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda f: check_and_record(f, catalogue, options), files))
    return results


def check_and_record(
    path: Path, catalogue: Catalogue, options: CheckOptions, runner: Runner | None = None
) -> FileResult:
    result = check_file(path, catalogue, options, runner) if runner else check_file(path, catalogue, options)
    if result.drill is not None:
        speedups = [d.timing.speedup for d in result.devices if d.timing and d.device == "cpu"]
        state = progress.record_attempt(
            result.drill,
            passed=result.verdict.passed,
            speedup=speedups[0] if speedups else None,
            file=path.resolve(),
        )
        if state.notice:
            result.notes.append(state.notice)
    return result
