"""What the API returns: plain data that also knows IPython's display protocol (`_repr_html_`,
`_repr_markdown_`) and prints as text elsewhere. The layouts live in report.html_view and report.text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields

from vecdrill.content.drill import Drill
from vecdrill.learner.guidance import Hints
from vecdrill.report import html_view, text
from vecdrill.result.model import FileResult


@dataclass(frozen=True, repr=False)
class Result(FileResult):
    """One check: the very FileResult that `vecdrill check` renders and `--json` prints, plus the
    drill's explanation (Markdown) when the solution passed, and the language its views speak."""

    explanation: str | None = None
    lang: str = "en"

    @classmethod
    def of(cls, checked: FileResult, explanation: str | None, lang: str = "en") -> Result:
        found = {f.name: getattr(checked, f.name) for f in fields(FileResult)}
        return cls(**found, explanation=explanation, lang=lang)

    @property
    def passed(self) -> bool:
        return self.verdict.passed

    def _repr_html_(self) -> str:
        return html_view.result(self, self.explanation, self.lang)

    def _repr_markdown_(self) -> str:
        return text.result_markdown(self, self.explanation, self.lang)

    def __str__(self) -> str:
        return text.result_text(self, self.explanation, self.lang)

    __repr__ = __str__


@dataclass(frozen=True)
class DrillView:
    """A drill as `vecdrill show` presents it: the task, the loop, the sizes."""

    drill: Drill
    lang: str

    def _repr_html_(self) -> str:
        return html_view.drill(self.drill, self.lang)

    def __str__(self) -> str:
        return text.drill_text(self.drill, self.lang)

    __repr__ = __str__


@dataclass(frozen=True)
class HintsView:
    """The hint steps shown so far for a drill, the newest last."""

    hints: Hints
    lang: str = "en"

    def _repr_html_(self) -> str:
        return html_view.hints(self.hints, self.lang)

    def __str__(self) -> str:
        return text.hints_text(self.hints, self.lang)

    __repr__ = __str__


@dataclass(frozen=True)
class CatalogueView:
    """Drills in teaching order, with the ones the learner has solved."""

    drills: tuple[Drill, ...]
    solved: frozenset[str]
    lang: str = "en"

    @property
    def ids(self) -> list[str]:
        return [d.id for d in self.drills]

    def __iter__(self) -> Iterator[Drill]:
        return iter(self.drills)

    def __len__(self) -> int:
        return len(self.drills)

    def _repr_html_(self) -> str:
        return html_view.catalogue(list(self.drills), set(self.solved), self.lang)

    def __str__(self) -> str:
        return text.catalogue_text(list(self.drills), set(self.solved), self.lang)

    __repr__ = __str__
