"""Extra cases: random sizes, more seeds and forced edge values, all planned from the check's seed.

The fixture pack tests/cases_pack holds a port of a public puzzle's bincount (the answer without
`minlength` passed every listed size there), the same drill with its extra cases switched off, and
a drill with one input of every kind that has edge values.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import torch

from tests.harness import REPO, check_one, copy_drill
from vecdrill.checking import plan
from vecdrill.child.inputs import make_inputs
from vecdrill.content.drill import load_drill
from vecdrill.errors import DrillError

PACK = REPO / "tests" / "cases_pack"
LEARNER = REPO / "tests" / "cases_learner"


def _check(file: str, drill: str, *extra: str) -> dict[str, Any]:
    return check_one(LEARNER / file, "--drills", str(PACK), "--drill", drill, *extra)


@pytest.mark.slow
def test_bincount_without_minlength_fails_at_the_default_seed() -> None:
    result = _check("bincount_no_minlength.py", "bincount")
    assert result["verdict"] == "wrong"
    mismatch = result["devices"][0]["mismatch"]
    assert mismatch["what"] == "shape" and mismatch["seed"] == plan.DEFAULT_SEED
    assert (
        mismatch["case"]
        == "an edge case: every a entry is 0, the smallest index, so every other bin or segment is empty"
    )
    assert result["message"] == (
        "cpu: out has the wrong shape: expected (8,), got (1,) (an edge case: every a entry is 0, the "
        "smallest index, so every other bin or segment is empty, size N=300, D=8; replay with --seed 1234)"
    )


@pytest.mark.slow
def test_the_listed_sizes_alone_let_it_through() -> None:
    """The issue's finding, kept as a test: with `[cases] random = 0, edges = false` the same
    answer passes, so it is the extra cases that catch it."""
    result = _check("listed_only_no_minlength.py", "bincount-listed-only")
    assert result["verdict"] == "pass", result["message"]


@pytest.mark.slow
def test_the_seed_replays_a_random_size_and_the_message_names_it() -> None:
    first = _check("bincount_wrong_off_the_list.py", "bincount", "--seed", "99")
    again = _check("bincount_wrong_off_the_list.py", "bincount", "--seed", "99")
    other = _check("bincount_wrong_off_the_list.py", "bincount")
    mismatch = first["devices"][0]["mismatch"]
    assert first["verdict"] == "wrong" and mismatch["case"] == "random size 1"
    assert mismatch["size"] == plan.random_sizes(load_drill(PACK / "bincount"), 99)[0]
    assert "(random size 1, size N=" in first["message"] and "replay with --seed 99)" in first["message"]
    assert again["devices"][0]["mismatch"] == mismatch
    assert other["devices"][0]["mismatch"]["size"] != mismatch["size"]


def test_random_sizes_lie_between_listed_sizes_or_within_bounds() -> None:
    bincount = load_drill(PACK / "bincount")
    kinds = load_drill(PACK / "edge-kinds")
    for seed in range(40):
        for size in plan.random_sizes(bincount, seed):
            assert 60 <= size["N"] <= 300 and 4 <= size["D"] <= 8
        for size in plan.random_sizes(kinds, seed):
            assert 1 <= size["N"] <= 9 and 4 <= size["C"] <= 6
    assert plan.random_sizes(bincount, 5) == plan.random_sizes(bincount, 5)
    assert len({str(plan.random_sizes(bincount, seed)) for seed in range(10)}) > 5


def test_every_case_follows_from_the_seed() -> None:
    drill = load_drill(PACK / "bincount")
    cases = plan.build_cases(drill, ["cpu"], 7)
    assert cases == plan.build_cases(drill, ["cpu"], 7)
    assert [c.label.text("en") for c in cases if c.label and c.edge] == [
        "an edge case: every a entry is 0, the smallest index, so every other bin or segment is empty",
        "an edge case: every a entry is the largest index",
    ]
    assert {c.replay for c in cases} == {7}
    assert len([c for c in cases if c.id.startswith("cpu:random:")]) == drill.cases.random == 2
    assert not [c for c in plan.build_cases(load_drill(PACK / "bincount-listed-only"), ["cpu"], 7) if c.edge]


def _forced(edge: str | None) -> dict[str, Any]:
    """The edge-kinds drill's inputs at one size and seed, `edge` forced (None: all as drawn)."""
    return make_inputs(load_drill(PACK / "edge-kinds"), {"N": 40, "C": 6}, 11, edge=edge)


def test_edge_values_by_kind() -> None:
    assert load_drill(PACK / "edge-kinds").edge_cases() == [
        ("gauss", "zeros"),
        ("gauss", "ties"),
        ("positive", "ties"),  # 0 lies outside [0.5, 2): no zeros
        ("signed", "zeros"),
        ("signed", "ties"),
        ("counts", "low"),
        ("counts", "high"),
        ("idx", "first"),
        ("idx", "last"),
        ("mask", "false"),
        ("mask", "true"),
        ("p", "uniform"),
    ]
    assert bool((_forced("gauss:zeros")["gauss"] == 0).all())
    plain = _forced(None)
    for name in ("gauss", "positive", "signed"):
        tied = _forced(f"{name}:ties")[name]
        assert tied.unique().numel() <= 3 and tied.dtype == plain[name].dtype
    positive = _forced("positive:ties")["positive"]
    assert bool(((positive >= 0.5) & (positive < 2)).all())
    for edge, value in {"counts:low": 3, "counts:high": 8, "idx:first": 0, "idx:last": 5}.items():
        assert _forced(edge)[edge.split(":")[0]].tolist() == [value] * 40, edge
    assert not bool(_forced("mask:false")["mask"].any()) and bool(_forced("mask:true")["mask"].all())
    assert torch.allclose(_forced("p:uniform")["p"], torch.full((40, 6), 1 / 6))


def test_an_edge_forces_one_input_and_leaves_the_others_as_drawn() -> None:
    plain = _forced(None)
    forced = _forced("idx:first")
    assert forced.keys() == plain.keys()
    for name, value in plain.items():
        if name != "idx":
            assert torch.equal(torch.as_tensor(forced[name]), torch.as_tensor(value)), name
    assert torch.equal(_forced("gauss:ties")["gauss"], _forced("gauss:ties")["gauss"])


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        (
            '\n[cases]\nskip_edges = ["a:ties"]\n',
            "cases.skip_edges lists 'a:ties', which is no edge case of this drill; "
            "use one of a:first, a:last",
        ),
        (
            "\n[cases]\nbounds = { Q = [1, 3] }\n",
            "'Q' (in cases.bounds or loop_over) is no dimension of the inputs",
        ),
        ("\n[cases]\nbounds = { N = [5, 2] }\n", "cases.bounds.N = [5, 2] should be [low, high]"),
        ("\n[cases]\nrandom = 40\n", "cases.random = 40 should be between 0 and 8"),
        ("\n[cases]\nseeds = 3\n", "unknown key 'cases.seeds'"),
    ],
)
def test_a_bad_cases_table_names_the_fix(tmp_path: Path, tail: str, message: str) -> None:
    with pytest.raises(DrillError, match=re.escape(message)):
        load_drill(copy_drill(PACK / "bincount", tmp_path, tail))


def test_skip_edges_drops_those_cases(tmp_path: Path) -> None:
    drill = load_drill(copy_drill(PACK / "bincount", tmp_path, '\n[cases]\nskip_edges = ["a:last"]\n'))
    assert drill.edge_cases() == [("a", "first")]
