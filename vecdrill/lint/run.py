"""One lint run: the files under the paths, each read once and linted, under the settings.

A file Python cannot parse is skipped with a note, not a finding: the lint judges loops, and
the interpreter will report the syntax error itself.
"""

from __future__ import annotations

import gc
import io
import time
import tokenize
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from vecdrill.lint import discover, noqa, notebooks
from vecdrill.lint.codes import RULES
from vecdrill.lint.config import Settings
from vecdrill.lint.scan import Hit, lint_source


@dataclass(frozen=True)
class Finding:
    """A finding at its place: the path as given, the line and column (in the cell, for a
    notebook), the rule, the library that picks the drill, and what the message names."""

    path: str
    line: int
    col: int
    code: str
    kind: str
    detail: str = ""
    cell: int | None = None

    @property
    def drill(self) -> str:
        return RULES[self.code].drill(self.kind)


@dataclass
class LintReport:
    findings: list[Finding] = field(default_factory=list)
    checked: int = 0
    lines: int = 0
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # (why, path, problem)
    seconds: float = 0.0

    def files_with_findings(self) -> int:
        return len({finding.path for finding in self.findings})


def lint_paths(paths: list[Path], settings: Settings) -> LintReport:
    report = LintReport()
    enabled = settings.enabled()
    started = time.perf_counter()
    with _collector_paused():
        for path in discover.files(paths, settings.exclude, settings.root):
            _lint_file(path, settings, enabled, report)
    report.seconds = time.perf_counter() - started
    return report


def _lint_file(path: Path, settings: Settings, enabled: frozenset[str], report: LintReport) -> None:
    shown = str(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        report.skipped.append(("unreadable", shown, error.strerror or str(error)))
        return
    report.checked += 1
    codes = enabled - _ignored_here(path, settings)
    if not codes:
        return
    try:
        if path.suffix == ".ipynb":
            cells = notebooks.code_cells(raw)
            text = cells.text
            hits = lint_source(text.encode("utf-8"), text)
        else:
            text = _decode(raw)
            hits = lint_source(raw, text)
    except SyntaxError as error:
        report.skipped.append(("unparsable", shown, f"line {error.lineno}: {error.msg}"))
        return
    except (ValueError, UnicodeDecodeError) as error:
        report.skipped.append(("unparsable", shown, str(error)))
        return
    report.lines += text.count("\n")
    lines = text.splitlines() if hits else []
    for hit in hits:
        source_line = lines[hit.line - 1] if hit.line <= len(lines) else ""
        if hit.code in codes and not noqa.silenced(source_line, hit.code):
            report.findings.append(_placed(hit, shown, cells if path.suffix == ".ipynb" else None))


def _placed(hit: Hit, shown: str, cells: notebooks.NotebookSource | None) -> Finding:
    if cells is None:
        return Finding(shown, hit.line, hit.col, hit.code, hit.kind, hit.detail)
    cell, line = cells.place(hit.line)
    return Finding(shown, line, hit.col, hit.code, hit.kind, hit.detail, cell)


def _ignored_here(path: Path, settings: Settings) -> frozenset[str]:
    """The codes `per-file-ignores` switches off for this file."""
    if not settings.per_file_ignores:
        return frozenset()
    relative = discover.relative_to(path, settings.root)
    ignored = {
        code
        for pattern, selectors in settings.per_file_ignores.items()
        if discover.matches(relative, path.name, pattern)
        for code in RULES
        if any(code.startswith(selector) for selector in selectors)
    }
    return frozenset(ignored)


def _decode(raw: bytes) -> str:
    """The text as Python reads it: UTF-8, or the encoding its coding cookie names."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
        return raw.decode(encoding, errors="replace")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while trees are built: a tree is freed by reference
    counting as soon as its file is done, and the collector's passes over millions of fresh
    nodes would otherwise cost more than the parsing."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
