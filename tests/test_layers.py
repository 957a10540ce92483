"""The layer matrix: a verdict must not depend on which isolation layer gave it.

Every catalogue reference solution passes under each layer this machine offers, checked warm (a
batch, as a class is graded) and a slice cold (one child per file: lazy imports then happen after
the guards, as torch.func's first call importing torch._dynamo does). A slice of the golden learner
files gets, under unshare and plain, the verdict the default layer gives.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_world import layer_or_skip
from tests.harness import FIXTURE_COURSE, LEARNER_FILES, REPO, check_json, run_cli
from vecdrill.sandbox import isolation
from vecdrill.sandbox.isolation import detect_isolation

LAYERS = ("bwrap", "unshare", "plain")
SOLUTIONS = sorted((REPO / "drills" / "core").glob("*/solution.py"))
# Cold (no more files than jobs): a torch.func solution, whose lazy imports write torch's cache
# folder, and a numpy one.
COLD = [
    REPO / "drills" / "core" / "per-sample-grad-norm" / "solution.py",
    REPO / "drills" / "core" / "moving-average" / "solution.py",
]
# The golden files that reach the sandbox (errors, runtime loops, wrong and right answers), and
# one the gate stops.
GOLDEN = [
    REPO / "tests" / "learner_files" / name
    for name in (
        "error_at_import.py",
        "error_raise.py",
        "forbidden_import_os.py",
        "loop_hidden_runtime.py",
        "loop_item.py",
        "loop_np_vectorize.py",
        "pass_double_vmap.py",
        "pass_np_square.py",
        "pass_pick_gather.py",
        "wrong_gradient.py",
        "wrong_mutates_input.py",
        "wrong_numpy_returned.py",
        "wrong_subclass.py",
    )
]


def _check(files: list[Path], layer: str | None, *extra: str) -> dict[str, dict[str, Any]]:
    """Each file's JSON result by its path, checked under `layer`, or with neither `--isolation`
    nor $VECDRILL_ISOLATION (None: the machine's strongest layer), with a fresh home."""
    forced = ("--isolation", layer) if layer else ()
    _, results = check_json(files, "--timeout", "60", *forced, *extra, unset=[isolation.FORCE_ENV])
    return {str(Path(result["file"]).resolve()): result for result in results}


def _summary(result: dict[str, Any]) -> str:
    return f"{result['verdict']} under {result['isolation']}: {result['message']}"


@pytest.mark.slow
@pytest.mark.parametrize("layer", LAYERS)
def test_every_reference_solution_passes_under_each_layer(layer: str) -> None:
    layer_or_skip(layer)
    results = {**_check(SOLUTIONS, layer), **_check(COLD, layer)}
    assert len(results) == len(SOLUTIONS)
    failed = {Path(f).parent.name: _summary(r) for f, r in results.items() if r["verdict"] != "pass"}
    assert not failed
    assert {r["isolation"] for r in results.values()} == {layer}


def test_the_slices_are_cold_and_from_the_catalogue_and_the_golden_files() -> None:
    assert set(COLD) <= set(SOLUTIONS) and set(GOLDEN) <= set(LEARNER_FILES)
    assert len(COLD) <= 2  # no more files than --jobs: each gets a cold child


@pytest.fixture(scope="module")
def default_verdicts() -> dict[str, str]:
    """The golden files' verdicts under the layer a check picks by itself: the strongest here."""
    results = _check(GOLDEN, None, "--drills", str(FIXTURE_COURSE))
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(isolation.FORCE_ENV, raising=False)
        strongest = detect_isolation().layer.value
    ran = {r["isolation"] for r in results.values() if r["isolation"] is not None}  # past the gate
    assert ran == {strongest}
    return {f: r["verdict"] for f, r in results.items()}


@pytest.mark.slow
@pytest.mark.parametrize("layer", ("unshare", "plain"))
def test_golden_files_get_the_default_layers_verdict(layer: str, default_verdicts: dict[str, str]) -> None:
    layer_or_skip(layer)
    results = _check(GOLDEN, layer, "--drills", str(FIXTURE_COURSE))
    assert len(results) == len(GOLDEN)
    differ = {Path(f).name: _summary(r) for f, r in results.items() if r["verdict"] != default_verdicts[f]}
    assert not differ


def test_a_check_without_bubblewrap_says_it_ran_in_a_weaker_sandbox(tmp_path: Path) -> None:
    layer_or_skip("unshare")
    launchers = tmp_path / "bin"
    launchers.mkdir()
    for name in ("unshare", "true"):  # the probe runs `unshare ... true`
        (launchers / name).symlink_to(shutil.which(name) or name)
    done = run_cli(
        "check",
        str(COLD[1]),
        "--no-bench",
        env={"PATH": str(launchers)},
        unset=[isolation.FORCE_ENV],
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sandbox: unshare" in done.stdout
    assert (
        "note: checked in the weaker unshare sandbox because bwrap is unavailable: bwrap not found on PATH"
        in done.stdout
    )


def test_a_slow_probe_gets_a_second_longer_try(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first try outlasts its wait (as on a loaded machine), the second succeeds."""
    slow = tmp_path / "bwrap"
    slow.write_text(f"#!/bin/sh\n[ -e {tmp_path}/tried ] && exit 0\ntouch {tmp_path}/tried\nsleep 5\n")
    slow.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    monkeypatch.setattr(isolation, "PROBE_TIMEOUTS", (0.5, 30.0))
    assert isolation._probe("bwrap", [], "install_bubblewrap") is None
    slow.write_text("#!/bin/sh\nsleep 5\n")
    monkeypatch.setattr(isolation, "PROBE_TIMEOUTS", (0.5, 0.5))
    too_slow = isolation._probe("bwrap", [], "install_bubblewrap")
    assert too_slow is not None and too_slow.text("en") == (
        "bwrap did not finish building a test sandbox in 0.5 s, then 0.5 s; the machine may be overloaded"
    )
