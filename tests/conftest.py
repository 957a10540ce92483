"""Shared fixtures (the helpers are tests/harness.py's): no test reaches the learner's real progress
or cache, every test gets its own VECDRILL_HOME, and the reference cache is shared.

The cache holds only what the reference loops produce, keyed by the drill's files and the torch
version, so sharing it across tests (and CI runs) saves time without coupling results.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from vecdrill import paths

SHARED_CACHE = Path.home() / ".cache" / "vecdrill-tests"
_SESSION_HOME = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    """Before any test module is imported or any fixture runs, point vecdrill at a throwaway home
    and the shared test cache. The per-test home below comes too late for a module- or
    session-scoped fixture (pytest sets those up first), and one such fixture once wrote the
    machine's real cache; every child a test starts inherits these variables too."""
    home = Path(tempfile.mkdtemp(prefix="vecdrill-tests-home-"))
    config.stash[_SESSION_HOME] = home
    os.environ[paths.HOME_ENV] = str(home)
    if not os.environ.get(paths.CACHE_ENV):
        os.environ[paths.CACHE_ENV] = str(SHARED_CACHE)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SESSION_HOME in config.stash:
        shutil.rmtree(config.stash[_SESSION_HOME], ignore_errors=True)


@pytest.fixture(autouse=True)
def vecdrill_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv(paths.HOME_ENV, str(home))
    monkeypatch.delenv("VECDRILL_PATH", raising=False)
    yield home


@pytest.fixture
def pack(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """The test module's fixture pack (its PACK) copied under the test's temporary folder: where a
    teacher's own pack often lives (the learner's sandbox shows such a pack's drill folder and
    nothing beside it), and free to edit."""
    source: Path = request.module.PACK
    return Path(shutil.copytree(source, tmp_path / source.name))
