"""Lint and types are part of the suite, so CI holds the codebase to them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.harness import REPO


@pytest.mark.slow
def test_ruff_is_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "vecdrill", "tests", "benchmarks"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_strict_is_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "vecdrill"], capture_output=True, text=True, cwd=REPO
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_ruff_format_is_applied() -> None:
    """One formatter for the whole tree (`ruff format`, configured in pyproject.toml), so a
    `# fmt: skip` marks a real exception instead of a habit."""
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "vecdrill", "tests", "benchmarks"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stdout + done.stderr
