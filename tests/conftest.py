"""Shared fixtures: every test gets its own VECDRILL_HOME; the reference cache is shared.

The cache holds only what the reference loops produce, keyed by the drill's files and the torch
version, so sharing it across tests (and CI runs) saves time without coupling results.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURE_COURSE = REPO / "tests" / "fixture_course"


@pytest.fixture(autouse=True)
def vecdrill_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("VECDRILL_HOME", str(home))
    if not os.environ.get("VECDRILL_CACHE_DIR"):
        monkeypatch.setenv("VECDRILL_CACHE_DIR", str(Path.home() / ".cache" / "vecdrill-tests"))
    monkeypatch.delenv("VECDRILL_PATH", raising=False)
    yield home


def run_cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """Run `python -m vecdrill ARGS` as a learner would, in a real subprocess."""
    full_env = {**os.environ, "COLUMNS": "200", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "vecdrill", *args],
        capture_output=True,
        text=True,
        cwd=cwd or REPO,
        env=full_env,
        timeout=timeout,
    )
