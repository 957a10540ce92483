"""`loop_over = "T"`: a drill whose lesson is an honest loop. The gate lets `for` and `while`
through; the probe grows T alone and every other dimension alone, and the work may grow with T
only. The fixture tests/loop_over_pack/rnn-steps is a recurrence over T, vectorized over B and D."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.harness import REPO, check_one, copy_drill, edit, run_cli
from vecdrill.checking import plan
from vecdrill.content.drill import load_drill
from vecdrill.errors import DrillError

PACK = REPO / "tests" / "loop_over_pack"
LEARNER = REPO / "tests" / "loop_over_learner"


def _check(file: str) -> dict[str, Any]:
    return check_one(LEARNER / file, "--drills", str(PACK), "--drill", "rnn-steps")


def test_the_probe_grows_t_alone_then_each_other_dimension_alone() -> None:
    assert plan.probe_sizes(load_drill(PACK / "rnn-steps")) == [
        {"B": 8, "T": 12, "D": 6},
        {"B": 8, "T": 96, "D": 6},
        {"B": 64, "T": 12, "D": 6},
        {"B": 8, "T": 12, "D": 48},
    ]


@pytest.mark.slow
def test_a_loop_over_t_passes() -> None:
    result = _check("pass_loop_over_t.py")
    assert result["verdict"] == "pass", result["message"]
    assert result["message"] == (
        "your solution matches the loop on every case and loops over T only, vectorized over the rest"
    )
    small, grown_t, grown_b, grown_d = result["devices"][0]["op_counts"]["aten"]
    assert grown_t > small and grown_b == small and grown_d == small


@pytest.mark.slow
def test_a_loop_over_the_batch_fails_naming_the_dimension() -> None:
    result = _check("loop_over_b.py")
    assert result["verdict"] == "loop"
    assert re.fullmatch(
        r"your solution's work grows with B \(\d+ torch operations at B=8, \d+ at B=64, while the reference "
        r"solution's grows by 0\): this drill allows a Python loop over T only, so vectorize over B",
        result["message"],
    ), result["message"]


@pytest.mark.slow
def test_a_comprehension_is_still_a_loop() -> None:
    result = _check("comprehension_over_t.py")
    assert result["verdict"] == "loop"
    assert [f["code"] for f in result["findings"]] == ["L003", "L010"]  # range drives no `for` here


def test_loop_over_must_name_a_dimension(tmp_path: Path) -> None:
    folder = copy_drill(PACK / "rnn-steps", tmp_path)
    edit(folder / "drill.toml", 'loop_over = "T"', 'loop_over = "S"')
    with pytest.raises(DrillError, match=re.escape("'S' (in cases.bounds or loop_over) is no dimension")):
        load_drill(folder)


@pytest.mark.slow
def test_dev_check_still_requires_a_loop_in_the_reference_and_show_states_the_rule() -> None:
    # The loop file is scanned with every loop counted: loop_over must not hide the reference's own.
    done = run_cli("dev", "check", str(PACK), "--no-bench", "--no-mutants")
    assert "contains no Python-level loop" not in done.stdout, done.stdout
    shown = run_cli("show", "rnn-steps", "--drills", str(PACK))
    # Named the way the learner meets it: a parameter's axis, not the spec's dimension letter.
    assert "with a Python loop along `x`'s axis 1 (size T) only, every other axis vectorized." in shown.stdout
