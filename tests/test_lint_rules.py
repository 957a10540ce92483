"""The lint's rules against the course itself: every rule's example, the drills' loops, their
solutions, and the drill each rule names.

The drills are the ground truth of what a loop over a tensor looks like and of what replaces it,
so each reference loop the lint can judge must be reported by the rule that names its fix, and
no reference solution may be reported at all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import REPO, assert_fits
from vecdrill.lint import formats
from vecdrill.lint.codes import RULES
from vecdrill.lint.examples import EXAMPLES
from vecdrill.lint.scan import lint_source
from vecdrill.messages import CATALOGUE

CORE = REPO / "drills" / "core"

# The rule each drill's loop.py must raise (others may come with it, such as a sync in the loop).
DRILL_LOOPS = {
    "gather-logits": "VD102",
    "embedding-lookup": "VD102",
    "take-along-axis": "VD102",
    "relu-where": "VD103",
    "piecewise-where": "VD103",
    "select-conditions": "VD103",
    "padding-mask-fill": "VD104",
    "scatter-sum": "VD105",
    "add-at-counts": "VD105",
    "histogram-bincount": "VD105",
    "one-hot": "VD105",
    "item-in-loop": "VD110",
    "count-positive": "VD110",
    "cpu-in-loop": "VD111",
    "build-from-scalars": "VD120",
    "grow-by-cat": "VD121",
    "linear-layer": "VD122",
    "batched-matmul": "VD122",
    "square-plus-one": "VD131",
    "sqrt-scale": "VD101",
    "feature-weights": "VD101",
    "matmul-loops": "VD140",
    "attention-scores": "VD140",
    "cosine-similarity-matrix": "VD140",
    "pairwise-distances": "VD141",
    "box-iou": "VD141",
}
# Loops that a drill teaches to keep (a recurrence over time) or that the lint cannot prove
# replaceable: reporting one would be a finding a practitioner dismisses.
KEPT_LOOPS = ("ema-recurrence", "sequential-rnn", "grid-path-dp", "discounted-returns", "tiny-crossover")


def codes_in(path: Path) -> list[str]:
    source = path.read_bytes()
    return [hit.code for hit in lint_source(source, source.decode("utf-8"))]


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_each_example_before_raises_its_rule_and_after_raises_nothing(code: str) -> None:
    before, after = EXAMPLES[code]
    assert code in [hit.code for hit in lint_source(before.encode(), before)]
    assert lint_source(after.encode(), after) == []


def test_every_rule_has_words_an_example_and_a_real_drill() -> None:
    assert set(RULES) == set(EXAMPLES)
    parts = ("title", "why", "fix")
    assert set(CATALOGUE["lint_rule"]) == {f"{code}.{part}" for code in RULES for part in parts}
    for rule in RULES.values():
        for drill in (rule.torch_drill, rule.numpy_drill):
            assert (CORE / drill / "drill.toml").is_file(), f"{rule.code} names {drill!r}, no core drill"


@pytest.mark.parametrize(("drill", "code"), sorted(DRILL_LOOPS.items()))
def test_a_drills_loop_raises_the_rule_that_teaches_its_fix(drill: str, code: str) -> None:
    assert code in codes_in(CORE / drill / "loop.py")


@pytest.mark.parametrize("drill", KEPT_LOOPS)
def test_a_loop_the_drill_keeps_is_not_reported(drill: str) -> None:
    assert codes_in(CORE / drill / "loop.py") == []


def test_no_reference_solution_or_starter_is_reported() -> None:
    files = [*REPO.glob("drills/*/*/solution.py"), *REPO.glob("drills/*/*/starter.py")]
    assert len(files) > 100
    reported = {str(path.relative_to(REPO)): codes for path in files if (codes := codes_in(path))}
    assert reported == {}


def test_code_without_torch_or_numpy_is_never_reported() -> None:
    source = (
        "def f(x):\n    out = []\n    for i in range(len(x)):\n        out.append(x[i] * 2)\n    return out\n"
    )
    assert lint_source(source.encode(), source) == []
    with_numpy = "import numpy as np\n\n" + source.replace("def f(x):", "def f(x: np.ndarray):")
    assert lint_source(with_numpy.encode(), with_numpy) == []  # a list returned: no finding


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_rule_is_explained_within_80_columns(lang: str) -> None:
    for code in RULES:
        text = formats.explain(code, lang)
        assert code in text and "vecdrill try" in text
        assert_fits(text.splitlines(), 80)


@pytest.mark.parametrize(
    ("code", "named"),
    [
        ("VD111", "`.cpu()` in a loop"),
        ("VD112", "`if` on a tensor"),
        ("VD121", "`out` grows"),
        ("VD130", "`np.vectorize` calls"),
        ("VD132", "`sum` walks a tensor"),
    ],
)
def test_explain_names_what_the_rules_own_example_does(code: str, named: str) -> None:
    """Not `.item()` for every rule: the call or construct its example's finding names."""
    assert named in " ".join(formats.explain(code, "en").split())


def test_the_rule_table_in_docs_is_the_rules_own() -> None:
    assert formats.rules_table("en") in (REPO / "docs" / "lint.md").read_text(encoding="utf-8")
