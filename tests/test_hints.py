"""Hints teach, they do not hand over the answer.

For every drill of the built-in catalogue, no hint (English or Chinese) may contain the reference
solution's returned expression, nor the right-hand side of one of its longer assignments, compared
with all whitespace removed; and the last hint must be a skeleton with a blank (`____` or `...`).
No torch is needed: solution.py is parsed, never run.
"""

from __future__ import annotations

import ast
import re

import pytest

from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import Drill

SHORTEST_EXPRESSION = 12  # shorter ones (a bare name, `x * 2`) are not an answer by themselves
SHORTEST_ASSIGNMENT = 25  # an assignment's right-hand side counts from this length of unparsed text
BLANKS = ("____", "...")

_CATALOGUE = load_catalogue()
DRILLS: dict[str, Drill] = dict(sorted(_CATALOGUE.drills.items()))


def _squash(text: str) -> str:
    """All whitespace removed, and one quote character: TOML hints tend to write "amax" where
    ast.unparse writes 'amax'."""
    return re.sub(r"\s+", "", text).replace('"', "'")


def _functions(tree: ast.Module, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name
    ]


def answer_expressions(drill: Drill) -> list[str]:
    """What a hint must not contain: the unparsed value of every `return` in the drill's function,
    and every assignment's right-hand side of SHORTEST_ASSIGNMENT characters or more, in the
    whole of solution.py; expressions under SHORTEST_EXPRESSION characters are left out."""
    tree = ast.parse(drill.file("solution.py").read_text(encoding="utf-8"))
    found: list[str] = []
    for function in _functions(tree, drill.function):
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and node.value is not None:
                found.append(ast.unparse(node.value))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            text = ast.unparse(node.value)
            if len(text) >= SHORTEST_ASSIGNMENT:
                found.append(text)
    unique = dict.fromkeys(_squash(text) for text in found)
    return [text for text in unique if len(text) >= SHORTEST_EXPRESSION]


def all_hints(drill: Drill) -> list[tuple[str, int, str]]:
    hints = [("en", i, hint) for i, hint in enumerate(drill.hints, 1)]
    if drill.zh is not None:
        hints += [("zh", i, hint) for i, hint in enumerate(drill.zh.hints, 1)]
    return hints


def test_the_catalogue_has_drills() -> None:
    assert len(DRILLS) >= 40, "the built-in catalogue did not load; see tests/test_catalogue.py"


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_no_hint_contains_the_solution(drill_id: str) -> None:
    drill = DRILLS[drill_id]
    expressions = answer_expressions(drill)
    leaks = [
        f"{lang} hint {i} contains the solution's `{expression}`"
        for lang, i, hint in all_hints(drill)
        for expression in expressions
        if expression in _squash(hint)
    ]
    assert leaks == [], f"{drill.folder / 'drill.toml'}: " + "; ".join(leaks)


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_last_hint_is_a_skeleton(drill_id: str) -> None:
    drill = DRILLS[drill_id]
    lasts = [("en", drill.hints[-1])] + ([("zh", drill.zh.hints[-1])] if drill.zh is not None else [])
    missing = [lang for lang, hint in lasts if not any(blank in hint for blank in BLANKS)]
    assert missing == [], (
        f"{drill.folder / 'drill.toml'}: the last hint ({', '.join(missing)}) has no blank "
        f"({' or '.join(BLANKS)}); end with a skeleton that leaves the key decision to the learner"
    )


def test_the_check_finds_a_leak() -> None:
    """The comparison itself: whitespace and quote style do not hide a returned expression."""
    tree = ast.parse("def f(x):\n    return torch.gather(x, 1, i.unsqueeze(1)).squeeze(1)\n")
    returned = ast.unparse(tree.body[0].body[0].value)  # type: ignore[attr-defined]
    hint = "Try torch.gather( x , 1, i.unsqueeze(1) ).squeeze(1) here."
    assert _squash(returned) in _squash(hint)
