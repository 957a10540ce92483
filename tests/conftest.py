"""Shared fixtures and helpers: no test reaches the learner's real progress or cache, every test
gets its own VECDRILL_HOME, and the reference cache is shared.

The cache holds only what the reference loops produce, keyed by the drill's files and the torch
version, so sharing it across tests (and CI runs) saves time without coupling results.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from vecdrill import paths, wire
from vecdrill.content import drill_code
from vecdrill.content.drill import Drill

REPO = Path(__file__).resolve().parent.parent
FIXTURE_COURSE = REPO / "tests" / "fixture_course"
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


def run_cli(
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    unset: Iterable[str] = (),
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    """Run `python -m vecdrill ARGS` as a learner would, in a real subprocess: this process's
    environment, then `env` over it, less the variables named in `unset`. A VECDRILL_HOME cannot be
    taken away: without it the child would use the machine's real progress store."""
    full_env = {**os.environ, "COLUMNS": "200", **(env or {})}
    for name in unset:
        full_env.pop(name, None)
    if not full_env.get(paths.HOME_ENV):
        raise ValueError(f"a test's vecdrill needs a {paths.HOME_ENV}; give one instead of removing it")
    return subprocess.run(
        [sys.executable, "-m", "vecdrill", *args],
        capture_output=True,
        text=True,
        cwd=cwd or REPO,
        env=full_env,
        timeout=timeout,
    )


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][AB0]")


def in_terminal(
    *args: str, columns: int = 80, rows: int = 24, env: dict[str, str] | None = None, timeout: float = 120
) -> list[str]:
    """Run `python -m vecdrill ARGS` in a pseudo-terminal of `columns` x `rows`, as a learner at a
    terminal sees it (rich draws for a terminal there), and return its lines without colours."""
    import pexpect

    full_env = {**os.environ, "TERM": "xterm-256color", **(env or {})}
    full_env.pop("COLUMNS", None)
    full_env.pop("LINES", None)
    session = pexpect.spawn(
        sys.executable,
        ["-m", "vecdrill", *args],
        cwd=str(REPO),
        env=full_env,
        dimensions=(rows, columns),
        encoding="utf-8",
        timeout=timeout,
    )
    session.expect(pexpect.EOF)
    session.close()
    assert session.exitstatus == 0, session.before
    lines = ANSI.sub("", session.before or "").split("\n")
    # a carriage return starts the line again (a spinner redraws itself so): keep what was drawn last
    return [next((part for part in reversed(line.split("\r")) if part), "") for line in lines]


def display_width(line: str) -> int:
    """Terminal cells `line` takes: two for a wide (CJK) character."""
    return sum(
        2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line if not unicodedata.combining(c)
    )


def check_json(
    files: Iterable[Path],
    *args: str,
    env: dict[str, str] | None = None,
    unset: Iterable[str] = (),
    timeout: float = 900,
) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    """`vecdrill check FILES --json --no-bench --jobs 2 ARGS` as a class is graded, with a fresh
    home unless `env` names one (a session-scoped fixture has no per-test home); the run and the
    results of its version-1 document."""
    with tempfile.TemporaryDirectory() as home:
        done = run_cli(
            "check",
            *map(str, files),
            "--json",
            "--no-bench",
            "--jobs",
            "2",
            *args,
            env={paths.HOME_ENV: home, **(env or {})},
            unset=unset,
            timeout=timeout,
        )
    assert done.stdout, done.stderr
    document = json.loads(done.stdout)
    assert document["version"] == 1
    results: list[dict[str, Any]] = document["results"]
    return done, results


def worker_request(drill: Drill, mode: str = "solution", **fields: Any) -> wire.WorkerRequest:
    """A worker request for `drill`, carrying the drill and its code as a check sends them."""
    given, code = drill_code.given(drill, answers=mode == "reference")
    return wire.WorkerRequest(mode=mode, drill=given, code=code, **fields)
