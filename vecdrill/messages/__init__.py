"""Every sentence vecdrill says, in English and in Chinese, side by side under one code.

What a check finds is data: a verdict, a note or a finding carries a `Message` (a code and the
values it names), and only a view turns it into words, in the reader's language (`Message.text`,
`say`, `words`). Keeping both languages on one line per code makes a missing or drifting
translation visible in review, and lets one test render every code in both languages with the same
parameters (tests/test_messages.py). The sections live in one module per speaker: `views` (vecdrill's
screens), `check` (verdicts, notes, cases, timings), `gate` (the static gate's findings), `lint`
(`vecdrill lint`), `errors` (misuse, at the error boundary), `doctor`, `notebook` (the starter
notebook); `CATALOGUE` is their union (no section in two modules: tests/test_messages.py).
Rich markup (`[bold]...[/]`) is part of a sentence where a
view styles a word in it. The Chinese follows the glossary in docs/drill-format.md: one term per
concept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from vecdrill.messages import authoring, check, doctor, errors, gate, lint, notebook, views

CATALOGUE: dict[str, dict[str, tuple[str, str]]] = {
    **views.SECTIONS,
    **check.SECTIONS,
    **gate.SECTIONS,
    **lint.SECTIONS, **errors.SECTIONS, **doctor.SECTIONS, **notebook.SECTIONS,
    **authoring.SECTIONS}


@dataclass(frozen=True)
class Authored:
    """A sentence a drill's author wrote (a rule's reason, an edge case's name), in English and,
    where the drill gives it, Chinese: the one kind of words that is not in the catalogue."""

    en: str
    zh: str | None = None

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" and self.zh else self.en


@dataclass(frozen=True)
class Message:
    """One sentence as data: its catalogue place (`section`, `code`) and the values it names.
    A value may itself be a Message, an `Authored` sentence or a list of them, rendered in the same
    language; anything else is written as it is (numbers, names, code, paths)."""

    section: str
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        return say(self.section, self.code, lang, **self.params)

    def to_json(self) -> dict[str, Any]:
        """The code and its values, for `--json` beside the rendered sentence."""
        return {
            "code": f"{self.section}.{self.code}",
            "params": {k: _plain(v) for k, v in self.params.items()},
        }


def message(section: str, code: str, **params: Any) -> Message:
    return Message(section, code, params)


def words(section: str, lang: str) -> dict[str, str]:
    """A section's sentences in `lang` ("zh", else English), by code."""
    index = 1 if lang == "zh" else 0
    return {code: pair[index] for code, pair in CATALOGUE[section].items()}


def say(section: str, code: str, lang: str, **params: Any) -> str:
    """One sentence in `lang`, its parameters filled in (nested sentences in the same language)."""
    filled = {name: _render(value, lang) for name, value in params.items()}
    return CATALOGUE[section][code][1 if lang == "zh" else 0].format(**filled)


def _render(value: Any, lang: str) -> Any:
    if isinstance(value, (Message, Authored)):
        return value.text(lang)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (Message, Authored)) for v in value):
        return say("explain", "list_separator", lang).join(v.text(lang) for v in value)
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, Authored):
        return {"en": value.en, "zh": value.zh}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
