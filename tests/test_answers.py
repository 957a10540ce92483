"""Answers written elsewhere: a small course in the style of a book's exercises (tests/answers_pack:
a number as the answer, values in any order, eight neighbours) and the files a class hands in for
it (tests/answers_files), each with the verdict its header declares.

The answers use their own parameter names, return numpy scalars and 0-d arrays where the loop
returns a Python float, and loop over a named collection of eight offsets: each must pass. The
wrong ones fail with and without `--no-bench`, and the loops are loops in a numpy drill as in a
torch one.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.harness import FIXTURE_COURSE, REPO, check_json, copy_drill, edit, headers
from vecdrill.authoring import dev_check
from vecdrill.child.inputs import make_inputs
from vecdrill.content.drill import load_drill
from vecdrill.errors import DrillError
from vecdrill.gate.rules import GateRules
from vecdrill.gate.scan import scan

PACK = REPO / "tests" / "answers_pack"
ANSWERS = sorted((REPO / "tests" / "answers_files").glob("*.py"))


@pytest.fixture(scope="module")
def graded() -> dict[str, dict[str, Any]]:
    done, results = check_json(ANSWERS, "--drills", str(PACK), timeout=1200)
    assert done.returncode == 1, done.stderr
    return {Path(r["file"]).name: r for r in results}


@pytest.mark.slow
@pytest.mark.parametrize("path", ANSWERS, ids=lambda p: p.stem)
def test_an_answer_written_elsewhere_gets_its_verdict(path: Path, graded: dict[str, dict[str, Any]]) -> None:
    result = graded[path.name]
    assert result["verdict"] == headers(path)["expect"], result["message"]


@pytest.mark.slow
def test_a_wrong_answer_is_wrong_whether_or_not_the_check_times() -> None:
    """The benchmark size is a case of every check, so timing can only add figures: the files
    that fail without `--no-bench` fail with the same verdict when the check times them."""
    failing = [path for path in ANSWERS if headers(path)["expect"] != "pass"]
    _, results = check_json(failing, "--drills", str(PACK), bench=True, timeout=1200)
    assert {Path(r["file"]).name: r["verdict"] for r in results} == {
        p.name: headers(p)["expect"] for p in failing
    }


def test_the_answers_cover_each_outcome() -> None:
    assert {headers(path)["expect"] for path in ANSWERS} == {"pass", "wrong", "loop"}


# The drill format and the gate, as a teacher building such a course meets them


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            b"def solve(x, *, scale):\n    return x * scale\n",
            "`solve` has keyword-only parameters without a default (`scale`), but the check passes the "
            "drill's 2 inputs by position, in this order: x, scale: put them before any `*`",
        ),
        (
            b"def solve(x):\n    return x\n",
            "`solve` takes 1 parameter, but the check passes the drill's 2 inputs by position, in this "
            "order: x, scale: give it one parameter for each",
        ),
    ],
)
def test_a_signature_that_cannot_take_the_inputs_is_told_before_anything_runs(
    source: bytes, message: str
) -> None:
    [finding] = scan(source, GateRules("torch", "solve", inputs=("x", "scale")))
    assert (finding.code, finding.message.text("en")) == ("S007", message)


@pytest.mark.parametrize(
    "source", [b"def solve(a, b):\n    return a * b\n", b"def solve(*args):\n    return args[0] * args[1]\n"]
)
def test_any_names_that_take_the_inputs_in_order_pass_the_gate(source: bytes) -> None:
    assert scan(source, GateRules("torch", "solve", inputs=("x", "scale"))) == []


def test_a_key_its_kind_does_not_read_is_refused(tmp_path: Path) -> None:
    folder = copy_drill(FIXTURE_COURSE / "fx-double", tmp_path)
    edit(folder / "drill.toml", 'kind = "normal"', 'kind = "normal"\nlow = -1.0')
    with pytest.raises(
        DrillError, match=re.escape('sets low, which only inputs of kind "uniform" or "int" use')
    ):
        load_drill(folder)


def test_float64_inputs_are_drawn_at_full_precision() -> None:
    """Drawn in float32 and widened, a million normal values repeat hundreds of times (ties no
    real data has, which blamed the reference for a float64 drill)."""
    drill = load_drill(PACK / "top-values")
    (x,) = make_inputs(drill, {"N": 1_000_000}, 1234).values()
    assert x.dtype == np.float64 and len(np.unique(x)) == x.size
    assert not np.array_equal(x, x.astype(np.float32).astype(np.float64))


def test_a_floor_missed_by_a_rounding_shows_the_digits_that_miss_it() -> None:
    assert dev_check._below(9.96, 10) == "9.96"
    assert dev_check._below(9.4, 10) == "9.4"
