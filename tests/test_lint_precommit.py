"""This repository is a pre-commit hook: pre-commit clones it at HEAD, reads .pre-commit-hooks.yaml,
and runs `vecdrill lint` on a scratch project's files, failing while a finding is there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness import REPO

SLOW = (
    "import torch\n\n\ndef pick(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:\n"
    "    out = torch.zeros(logits.shape[0])\n    for i in range(logits.shape[0]):\n"
    "        out[i] = logits[i, targets[i]]\n    return out\n"
)


def _git(*args: str, cwd: Path) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.mark.slow
def test_pre_commit_runs_the_hook_from_this_repository(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    _git("init", "-q", cwd=project)
    (project / "model.py").write_text(SLOW, encoding="utf-8")
    (project / "notes.txt").write_text("not python\n", encoding="utf-8")
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {REPO}\n    rev: {_git('rev-parse', 'HEAD', cwd=REPO)}\n"
        "    hooks:\n      - id: vecdrill-lint\n",
        encoding="utf-8",
    )
    _git("add", ".", cwd=project)
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
    }
    command = [sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"]

    failing = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=300)

    assert failing.returncode == 1, failing.stdout + failing.stderr
    assert "vecdrill lint" in failing.stdout and "Failed" in failing.stdout
    assert "model.py:6:5: VD102 " in failing.stdout

    (project / "model.py").write_text("import torch\n\n\ndef f(x):\n    return x * 2\n", encoding="utf-8")
    _git("add", ".", cwd=project)
    passing = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "Passed" in passing.stdout
