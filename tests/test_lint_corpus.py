"""The judged findings of benchmarks/lint_precision.md, kept as a regression corpus.

Each file under tests/lint_corpus/ holds short excerpts of public projects' code (its licence and
source at the top) or the same pattern rewritten. A line marked `# expect: VD110` is a true
positive that must still be found there; a line marked `# not: VD111` is a false positive once
reported that must stay unreported; and nothing else may be reported in the file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.harness import REPO
from vecdrill.lint.scan import lint_source

CORPUS = REPO / "tests" / "lint_corpus"
_MARK = re.compile(r"#\s*(expect|not):\s*([A-Z0-9, ]+)")


def marks(text: str) -> tuple[set[tuple[int, str]], set[tuple[int, str]]]:
    expected: set[tuple[int, str]] = set()
    refused: set[tuple[int, str]] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        for kind, codes in _MARK.findall(line):
            for code in re.split(r"[,\s]+", codes.strip()):
                (expected if kind == "expect" else refused).add((number, code))
    return expected, refused


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.py")), ids=lambda p: p.name)
def test_each_judged_finding_is_still_judged_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Source:"), f"{path.name} must say where its excerpts come from"
    expected, refused = marks(text)
    found = {(hit.line, hit.code) for hit in lint_source(text.encode("utf-8"), text)}
    assert expected - found == set(), "true positives no longer found"
    assert found & refused == set(), "false positives reported again"
    assert found - expected == set(), "findings nobody judged"


def test_the_corpus_holds_both_kinds_of_judgement() -> None:
    judged = [marks(path.read_text(encoding="utf-8")) for path in CORPUS.glob("*.py")]
    assert sum(len(expected) for expected, _ in judged) >= 20
    assert sum(len(refused) for _, refused in judged) >= 10
