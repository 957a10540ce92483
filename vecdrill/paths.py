"""Where vecdrill keeps the learner's state, so every command agrees on one location.

Nothing here creates a folder: reading must leave the disk untouched, so only the code that
writes a file makes its parent.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "vecdrill"
HOME_ENV = "VECDRILL_HOME"
CACHE_ENV = "VECDRILL_CACHE_DIR"
WORKSPACE_ENV = "VECDRILL_WORKSPACE"
WORKSPACE_NAME = "vecdrill-drills"


def _home_override() -> Path | None:
    """The folder `VECDRILL_HOME` names, made absolute so a later `chdir` cannot move it."""
    value = os.environ.get(HOME_ENV, "")
    if not value:
        return None
    return Path(value).expanduser().absolute()


def data_dir() -> Path:
    """Long-lived learner data (progress); losing it loses the learner's history."""
    home = _home_override()
    if home is not None:
        return home / "data"
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def cache_dir() -> Path:
    """Recomputable data (reference outputs, loop timings); safe to delete at any time.

    VECDRILL_CACHE_DIR moves only the cache, so a test suite can share it across fresh homes.
    """
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser().absolute()
    home = _home_override()
    if home is not None:
        return home / "cache"
    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def progress_file() -> Path:
    """The progress store that `vecdrill.learner.progress` reads and writes."""
    return data_dir() / "progress.json"


def backups_dir() -> Path:
    """Where `vecdrill reset` keeps the learner's files before replacing them."""
    return data_dir() / "backups"


def workspace_dir() -> Path:
    """The learner's drill files: VECDRILL_WORKSPACE, else `workspace` in VECDRILL_HOME (a test or
    a self-contained setup keeps everything of vecdrill's in one folder), else `vecdrill-drills` in
    the home folder. A folder of its own, as rustlings and Exercism make, and never the current
    one: in a clone of vecdrill that is the source tree, where the files would show in `git status`
    and ship in a wheel."""
    chosen = os.environ.get(WORKSPACE_ENV, "")
    if chosen:
        return Path(chosen).expanduser().absolute()
    home = _home_override()
    if home is not None:
        return home / "workspace"
    return Path.home() / WORKSPACE_NAME
