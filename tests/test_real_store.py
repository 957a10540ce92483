"""No test reaches the learner's real progress store or cache on the machine that runs the suite.

pytest sets up module- and session-scoped fixtures before conftest's per-test home, and one such
fixture (a catalogue loaded for a whole module) once wrote the machine's real cache. conftest now
points vecdrill at throwaway folders before anything runs; these tests fail if that stops, from a
module-scoped fixture, from a test, and from the children both start.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from tests.harness import run_cli, run_python
from vecdrill import paths

# Where vecdrill keeps progress and cache outside the tests (what paths.py falls back to).
REAL = (
    platformdirs.user_data_path(paths.APP_NAME, appauthor=False),
    platformdirs.user_cache_path(paths.APP_NAME, appauthor=False),
)
WHERE = "from vecdrill import paths; print(paths.progress_file()); print(paths.cache_dir())"


def _seen() -> list[Path]:
    """The progress file and cache folder this process and a child it starts would use."""
    child = run_python(WHERE, timeout=60)
    assert child.returncode == 0, child.stderr
    return [paths.progress_file(), paths.cache_dir(), *map(Path, child.stdout.splitlines())]


def _real(found: list[Path]) -> list[Path]:
    return [path for path in found if any(path.is_relative_to(real) for real in REAL)]


@pytest.fixture(scope="module")
def seen_by_a_module_fixture() -> list[Path]:
    return _seen()


def test_a_module_fixture_and_its_child_never_use_the_real_folders(
    seen_by_a_module_fixture: list[Path],
) -> None:
    assert len(seen_by_a_module_fixture) == 4
    assert _real(seen_by_a_module_fixture) == []


def test_a_test_and_its_child_never_use_the_real_folders(vecdrill_home: Path) -> None:
    seen = _seen()
    assert _real(seen) == []
    assert seen[0] == seen[2] == vecdrill_home / "data" / "progress.json"


def test_run_cli_will_not_start_vecdrill_without_a_home() -> None:
    with pytest.raises(ValueError, match="a test's vecdrill needs a VECDRILL_HOME"):
        run_cli("list", unset=[paths.HOME_ENV])
    with pytest.raises(ValueError, match="a test's vecdrill needs a VECDRILL_HOME"):
        run_cli("list", env={paths.HOME_ENV: ""})
