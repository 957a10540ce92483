"""The built-in catalogue: the required contracts hold, and every drill passes `dev check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import FIXTURE_COURSE, copy_drill, edit, run_cli
from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import CHINESE_EXPLANATION, DRILL_FILES, MANIFEST

# Graders depend on these ids, parameters, libraries and input dtypes: keep them exactly.
REQUIRED = {
    "relu-where": ("torch", {"x": "float32"}),
    "gather-logits": ("torch", {"logits": "float32", "targets": "int64"}),
    "scatter-sum": ("torch", {"values": "float32", "labels": "int64", "num_classes": None}),
    "rotate-points": ("torch", {"x": "float32", "y": "float32", "theta": "float32"}),
    "piecewise-where": ("torch", None),
    "count-positive": ("torch", {"x": "float32"}),
    "build-from-scalars": ("torch", None),
    "cross-entropy": ("torch", {"predictions": "float32", "labels": "int64"}),
    "linear-layer": ("torch", {"x": "float32", "w": "float32", "b": "float32"}),
    "batched-matmul": ("torch", {"a": "float32", "b": "float32"}),
    "pad-sequences": ("torch", None),
    "square-plus-one": ("numpy", {"x": "float64"}),
    "standardize-columns": ("numpy", {"data": "float64"}),
    "normalize-images": ("numpy", {"images": "float32", "mean": "float32", "std": "float32"}),
    "matmul-loops": ("numpy", {"a": "float64", "b": "float64"}),
    "sqrt-scale": ("numpy", {"x": "float64"}),
    "feature-weights": ("numpy", {"data": "float64", "weights": "float64"}),
}


@pytest.mark.parametrize("drill_id", sorted(REQUIRED))
def test_required_contract(drill_id: str) -> None:
    drill = load_catalogue().get(drill_id)
    library, inputs = REQUIRED[drill_id]
    assert drill.library == library
    if inputs is not None:
        assert [s.name for s in drill.inputs] == list(inputs)
        for spec in drill.inputs:
            if inputs[spec.name] is None:
                assert spec.kind == "dim"
            else:
                assert spec.dtype == inputs[spec.name]


def test_catalogue_is_broad() -> None:
    catalogue = load_catalogue()
    assert not catalogue.problems, [str(p) for p in catalogue.problems]
    drills = list(catalogue.drills.values())
    assert len(drills) >= 40
    assert {d.level for d in drills} == {1, 2, 3}
    assert {d.library for d in drills} == {"torch", "numpy"}
    assert sum(d.grad for d in drills) >= 10
    # Chinese text is optional for a teacher's pack (tests/test_english_only_drills.py), never for these
    untranslated = [d.id for d in drills if d.zh is None or not d.file("explain.zh.md").is_file()]
    assert untranslated == []
    assert [d.id for d in drills if d.zh is not None and len(d.zh.hints) != len(d.hints)] == []


def test_the_path_climbs_within_each_track() -> None:
    """Levels never fall inside a track of the built-in packs (a level-1 drill after a level-2 one
    read as a step back), and the catalogue keeps the breadth the curriculum issue asked for."""
    catalogue = load_catalogue()
    falls = {
        f"{pack.id}/{track.id}": levels
        for pack in catalogue.packs
        for track in pack.tracks
        if (levels := [catalogue.get(d).level for d in track.drills]) != sorted(levels)
    }
    assert falls == {}
    assert len(catalogue.drills) >= 110


SAMPLE_EVERY = 8  # one drill in eight: the whole catalogue takes ten minutes of a 2-core machine


def catalogue_sample() -> list[Path]:
    """Every eighth drill in id order, across both built-in packs: the suite checks a sample, and
    the whole catalogue is `vecdrill dev check`'s, run as `benchmarks/catalogue_check.sh` with its
    output committed beside it."""
    drills = sorted(load_catalogue().drills.values(), key=lambda drill: drill.id)
    return [drill.folder for drill in drills[::SAMPLE_EVERY]]


@pytest.mark.slow
def test_dev_check_passes_on_a_sample_of_the_catalogue() -> None:
    sample = catalogue_sample()
    done = run_cli("dev", "check", *map(str, sample), "--no-bench", "--no-mutants", timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"dev check: {len(sample)} drills, all good" in done.stdout


@pytest.mark.slow
def test_dev_check_names_each_problem(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    folder = copy_drill(FIXTURE_COURSE / "fx-double", pack)
    (folder / "starter.py").write_text("def fx_double(x):\n    return x * 2\n")
    edit(
        folder / "loop.py",
        "    for i in range(x.shape[0]):\n        out[i] = x[i] * 2\n",
        "    out = x * 2\n",
    )
    done = run_cli("dev", "check", str(pack), "--no-bench", "--no-mutants", timeout=600)
    assert done.returncode == 3
    lines = [line for line in done.stdout.splitlines() if line.startswith("problem:")]
    assert any(f"{folder / 'starter.py'}: the starter already passes" in line for line in lines)
    assert any(
        f"{folder / 'loop.py'}: the reference loop contains no Python-level loop" in line for line in lines
    )
    assert any(f"{folder / 'explain.md'}: the explanation is too short" in line for line in lines)
    assert any(f"{folder / 'explain.zh.md'}: the explanation is too short" in line for line in lines)
    assert len(lines) == 4 and "4 problem(s)" in done.stdout, done.stdout


def test_new_scaffolds_a_loadable_drill(tmp_path: Path) -> None:
    done = run_cli("new", "clip-norms", "--dir", str(tmp_path), "--library", "numpy")
    assert done.returncode == 0, done.stderr
    every_file = [MANIFEST, *DRILL_FILES, CHINESE_EXPLANATION]
    assert sorted(p.name for p in (tmp_path / "clip-norms").iterdir()) == sorted(every_file)
    listed = run_cli("list", "--drills", str(tmp_path))
    assert "clip-norms" in listed.stdout and "Broken drill" not in listed.stderr
    again = run_cli("new", "clip-norms", "--dir", str(tmp_path))
    assert again.returncode == 2 and "already exists" in again.stderr
