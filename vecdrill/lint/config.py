"""`[tool.vecdrill.lint]` in pyproject.toml: which rules run, and which files are skipped.

The file is found by walking up from the first path linted, as ruff and black find theirs. Keys:
`select` and `ignore` (codes or prefixes such as "VD11"), `exclude` (glob patterns of paths to
skip) and `per-file-ignores` (a glob -> codes table). An unknown key or code is a usage error
that names the file, so a typo never switches a rule off in silence.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vecdrill.errors import UsageError
from vecdrill.lint.codes import DEFAULT_SELECT, RULES
from vecdrill.messages import message

_KEYS = ("select", "ignore", "exclude", "per-file-ignores")


@dataclass(frozen=True)
class Settings:
    """The rules that run and the files skipped; `root` is where relative patterns start."""

    select: tuple[str, ...] = DEFAULT_SELECT
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    root: Path = Path()
    source: Path | None = None  # the pyproject.toml read, if any

    def enabled(self) -> frozenset[str]:
        """The codes that run: selected by code or prefix, minus the ignored ones."""
        return frozenset(
            code for code in RULES if _matches(code, self.select) and not _matches(code, self.ignore)
        )

    def with_options(self, select: list[str] | None, ignore: list[str] | None) -> Settings:
        """The command line's --select replaces the file's; its --ignore adds to the file's."""
        chosen = tuple(_codes(select, "--select")) if select else self.select
        ignored = (*self.ignore, *_codes(ignore, "--ignore")) if ignore else self.ignore
        return Settings(chosen, ignored, self.exclude, self.per_file_ignores, self.root, self.source)


def find(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start` that has a [tool.vecdrill.lint] table."""
    folder = start.resolve()
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        path = candidate / "pyproject.toml"
        if path.is_file() and b"[tool.vecdrill.lint" in path.read_bytes():
            return path
    return None


def load(path: Path | None) -> Settings:
    if path is None:
        return Settings(root=Path.cwd())
    if sys.version_info >= (3, 11):  # imported here: most runs find no settings to read
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib
    try:
        document: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise UsageError(
            message("errors", "lint_config_unreadable", path=str(path), error=str(error))
        ) from error
    table = document.get("tool", {}).get("vecdrill", {}).get("lint", {})
    unknown = sorted(set(table) - set(_KEYS))
    if unknown:
        raise UsageError(
            message("errors", "lint_config_key", path=str(path), key=unknown[0], keys=", ".join(_KEYS))
        )
    where = f"{path}: [tool.vecdrill.lint]"
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise UsageError(message("errors", "lint_per_file", where=where))
    return Settings(
        select=tuple(_codes(_strings(table, "select", where), f"{where} select")) or DEFAULT_SELECT,
        ignore=tuple(_codes(_strings(table, "ignore", where), f"{where} ignore")),
        exclude=tuple(_strings(table, "exclude", where)),
        per_file_ignores={
            pattern: tuple(_codes(_strings(per_file, pattern, f"{where} per-file-ignores"), where))
            for pattern in per_file
        },
        root=path.parent,
        source=path,
    )


def _strings(table: dict[str, Any], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise UsageError(message("errors", "lint_strings", where=where, key=key, value=value))
    return value


def _codes(values: list[str] | None, where: str) -> list[str]:
    """Codes or prefixes, each matching at least one rule: `VD101`, `VD11`, `VD`."""
    codes = [part.strip().upper() for value in values or [] for part in value.split(",") if part.strip()]
    for code in codes:
        if not any(rule.startswith(code) for rule in RULES):
            raise UsageError(message("errors", "lint_code", where=where, rule=code))
    return codes


def _matches(code: str, selectors: tuple[str, ...]) -> bool:
    return any(code.startswith(selector) for selector in selectors)
