"""The message catalogue: every code says the same thing in both languages, and the views that
draw from it write no Chinese of their own (so a sentence cannot be translated in one place and
forgotten in another)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from vecdrill import messages

CODES = [(section, code) for section, entries in messages.CATALOGUE.items() for code in entries]
PACKAGE = Path(messages.__file__).parent.parent
# Every module outside the catalogue words its sentences through it; the new drill's templates
# are files an author fills in, in both languages.
CATALOGUED_VIEWS = [
    str(path.relative_to(PACKAGE))
    for path in sorted(PACKAGE.rglob("*.py"))
    if path.parent.name != "messages" and path.name != "templates.py"
]


def _fields(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


@pytest.mark.parametrize(("section", "code"), CODES, ids=[f"{s}.{c}" for s, c in CODES])
def test_every_code_renders_in_both_languages_with_the_same_parameters(section: str, code: str) -> None:
    english, chinese = messages.CATALOGUE[section][code]
    assert _fields(english) == _fields(chinese), "the two languages take different parameters"
    params = {name: f"<{name}>" for name in _fields(english) if name}
    numeric = {name: 7 for name in params if re.search(r"\{" + name + r":[^}]*[fg]\}", english)}
    rendered = {lang: messages.say(section, code, lang, **{**params, **numeric}) for lang in ("en", "zh")}
    assert rendered["en"].strip() and rendered["zh"].strip()
    assert not re.search(r"[\u4e00-\u9fff]", rendered["en"]), "Chinese in the English sentence"
    if re.search(r"[A-Za-z]{3,}(?: [A-Za-z]{3,}){2,}", rendered["en"]):  # prose, not a lone word
        assert re.search(r"[\u4e00-\u9fff]", rendered["zh"]), "the Chinese sentence is not translated"


def _sentences(source: str) -> list[str]:
    """The module's string constants less its docstrings and the patterns it compiles (data that
    matches what people write, such as the units an explanation quotes, not words it says)."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "re.compile":
            skipped.update(id(arg) for arg in node.args)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped
    ]


@pytest.mark.parametrize("module", CATALOGUED_VIEWS)
def test_a_catalogued_view_writes_no_chinese_of_its_own(module: str) -> None:
    chinese = [
        s
        for s in _sentences((PACKAGE / module).read_text(encoding="utf-8"))
        if re.search(r"[\u4e00-\u9fff]", s)
    ]
    assert not chinese, f"{module} has words the catalogue should hold: {chinese[:3]}"


def test_no_section_is_named_in_two_catalogue_modules() -> None:
    """`CATALOGUE` is a union: a section named twice would lose one module's sentences silently."""
    from vecdrill.messages import authoring, check, doctor, errors, gate, lint, notebook, views

    modules = (authoring, check, doctor, errors, gate, lint, notebook, views)
    named = [name for module in modules for name in module.SECTIONS]
    assert sorted(named) == sorted(messages.CATALOGUE)
