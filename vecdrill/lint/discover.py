"""The files a lint run reads: the paths given, and the .py and .ipynb files under folders.

Folders that hold no one's own code are skipped, as ruff skips them: virtual environments,
caches, build output, version control. A file named on the command line is read even when an
`exclude` pattern matches it only through a folder walk would (flake8 and ruff do the same for
explicit files), unless the pattern matches the file itself.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator
from pathlib import Path

from vecdrill.errors import UsageError
from vecdrill.messages import message

SOURCE_SUFFIXES = (".py", ".ipynb")
_SKIPPED_FOLDERS = frozenset(
    {
        *(".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", ".eggs"),
        *(".mypy_cache", ".ruff_cache", ".pytest_cache", "__pycache__", "__pypackages__"),
        *(".ipynb_checkpoints", "node_modules", "build", "dist", "site-packages"),
    }
)


def files(paths: list[Path], exclude: tuple[str, ...], root: Path) -> Iterator[Path]:
    """Every file to lint, in a stable order; a path that does not exist is a usage error."""
    for path in paths:
        if not path.exists():
            raise UsageError(message("errors", "lint_missing", path=str(path)))
    for path in paths:
        if path.is_dir():
            yield from _walk(path, exclude, root)
        elif not _excluded(path, exclude, root):
            yield path


def _walk(folder: Path, exclude: tuple[str, ...], root: Path) -> Iterator[Path]:
    for current, folders, names in os.walk(folder):
        here = Path(current)
        folders[:] = sorted(
            name
            for name in folders
            if name not in _SKIPPED_FOLDERS
            and not name.endswith(".egg-info")
            and not _excluded(here / name, exclude, root)
        )
        for name in sorted(names):
            path = here / name
            if name.endswith(SOURCE_SUFFIXES) and not _excluded(path, exclude, root):
                yield path


def _excluded(path: Path, patterns: tuple[str, ...], root: Path) -> bool:
    """True when a pattern matches the path relative to the config's folder, or its name."""
    if not patterns:
        return False
    relative = relative_to(path, root)
    return any(matches(relative, path.name, pattern) for pattern in patterns)


def matches(relative: str, name: str, pattern: str) -> bool:
    """A glob matches a path relative to the config's folder, or its file or folder name."""
    return fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(name, pattern)


def relative_to(path: Path, root: Path) -> str:
    """The path as a pattern sees it: relative to `root` with forward slashes when under it."""
    absolute = path.resolve()
    try:
        return absolute.relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()
