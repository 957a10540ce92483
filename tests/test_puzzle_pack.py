"""The built-in puzzle pack (`drills/puzzles/`): it loads cleanly, keeps its manifest's order, every
puzzle states its rules (one line within 80 columns, no `Tensor.sum`: sums are built from products
with ones, as in Tensor-Puzzles), each reference solution obeys them, and a disallowed operation is
forbidden, statically and, disguised from the gate, at run time."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.harness import REPO, check_json
from vecdrill.checking.pipeline import CheckOptions, check_past_gate
from vecdrill.checking.submission import Source
from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import Drill
from vecdrill.gate import scan
from vecdrill.result.model import Verdict

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

PACK = REPO / "drills" / "puzzles"
FILES = Path("tests") / "puzzle_files"
MANIFEST = tomllib.loads((PACK / "pack.toml").read_text(encoding="utf-8"))
LISTED = [drill for track in MANIFEST["tracks"] for drill in track["drills"]]


def puzzles() -> list[Drill]:
    catalogue = load_catalogue()
    return [catalogue.drills[drill_id] for drill_id in LISTED]


def test_the_pack_loads_without_problems_in_its_manifests_order() -> None:
    catalogue = load_catalogue()
    [pack] = [pack for pack in catalogue.packs if pack.folder.resolve() == PACK.resolve()]
    assert catalogue.problems_in([pack]) == []
    assert [drill.id for drill in catalogue.ordered([pack])] == LISTED
    assert sorted(LISTED) == sorted(p.name for p in PACK.iterdir() if p.is_dir())
    assert len(LISTED) >= 24
    assert all(drill_id.startswith("puzzle-") for drill_id in LISTED)


@pytest.mark.parametrize("drill_id", LISTED)
def test_every_puzzle_states_its_rules_and_its_solution_keeps_them(drill_id: str) -> None:
    """One line within 80 columns, only earlier helpers, and no ready-made sum: the point of the
    counting puzzles is to build it (a product with ones), and a puzzle pays tribute to
    Tensor-Puzzles' rule of one line under 80 columns in its files too. The reference solution
    passes its own gate."""
    drill = load_catalogue().drills[drill_id]
    assert drill.allowed, f"{drill_id} declares no allow-list"
    assert drill.max_lines == 1 and drill.max_columns is not None and drill.max_columns <= 80
    assert not drill.benchmark and drill.benchmark_reason
    earlier = LISTED[: LISTED.index(drill_id)]
    assert all(helper in earlier for helper in drill.helpers), (drill_id, drill.helpers)
    assert scan.scan(drill.file("solution.py").read_bytes(), scan.GateRules.for_drill(drill)) == []
    assert not [rule.name for rule in drill.allowed if rule.name.endswith(".sum")], drill_id
    for path in sorted((PACK / drill_id).iterdir()):
        if path.suffix == ".py":
            long = [n for n, line in enumerate(path.read_text().splitlines(), 1) if len(line) > 80]
            assert long == [], (str(path), long)


def test_puzzles_use_helpers_so_the_later_ones_combine_the_earlier() -> None:
    with_helpers = [drill.id for drill in puzzles() if drill.helpers]
    assert len(with_helpers) >= 8
    assert len(next(d for d in puzzles() if d.id == "puzzle-first-argmax").helpers) == 3


@pytest.mark.slow
def test_a_disallowed_op_is_forbidden_statically_and_disguised_at_run_time() -> None:
    """`torch.cumsum` in the running-count puzzle stops at the gate (real CLI, JSON); behind a
    computed name the gate cannot read, aten.cumsum is still seen reaching torch, on line 5."""
    path = FILES / "running_count_cumsum.py"
    done, [result] = check_json([path], "--drill", "puzzle-running-count")
    assert done.returncode == 1, done.stderr
    assert (result["verdict"], [f["code"] for f in result["findings"]]) == ("forbidden", ["F010"])
    assert result["message"].startswith(f"{path}:5:12 `torch.cumsum` is not on this drill's list")
    drill = load_catalogue().drills["puzzle-running-count"]
    disguised = REPO / FILES / "running_count_disguised.py"
    outcome = check_past_gate(
        Source(disguised, disguised.read_bytes()), drill, CheckOptions(drill_id=drill.id, bench=False)
    )
    assert outcome.verdict is Verdict.FORBIDDEN
    assert outcome.message.text("en").startswith(f"{disguised}:5 your solution ran `aten.cumsum`")
