"""The wheel carries the catalogue: build it, install it in a throwaway venv, list from elsewhere."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.harness import REPO


@pytest.mark.slow
def test_wheel_ships_every_drill(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(REPO)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("vecdrill-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    pip = [str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "--no-deps", str(wheel)], check=True)
    # `vecdrill list` needs only the light dependencies; torch and numpy stay out of this venv.
    subprocess.run([*pip, "typer", "rich", "platformdirs"], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        [str(env_dir / "bin" / "vecdrill"), "list"], capture_output=True, text=True, cwd=elsewhere
    )
    assert done.returncode == 0, done.stderr
    listed = {line.split("\t")[0] for line in done.stdout.splitlines()}
    shipped = {p.parent.name for p in (REPO / "drills").glob("*/*/drill.toml")}  # every built-in pack
    assert shipped and listed == shipped
    assert "Broken drill" not in done.stderr
