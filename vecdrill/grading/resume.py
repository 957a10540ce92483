"""Results of earlier grading runs, so a rerun checks only what changed.

A result is kept under the file's path and hash, the drill's version (its files' content hash),
vecdrill's version and the options a verdict depends on. After one student resubmits, every other
row comes from here and the run costs one check. The cache is vecdrill's own (`VECDRILL_HOME` or
`VECDRILL_CACHE_DIR` move it), never the teacher's progress.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

from vecdrill import files, paths
from vecdrill.checking.expected import fingerprint
from vecdrill.content.drill import Drill
from vecdrill.grading.gradebook import Row
from vecdrill.version import __version__


def key(path: Path, sha256: str, drill: Drill, options: dict[str, Any]) -> str:
    facts = [str(path.resolve()), sha256, drill.id, fingerprint(drill), __version__, options]
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()


def load(result_key: str) -> Row | None:
    """The row stored under the key, or None (also for an entry that cannot be read)."""
    with contextlib.suppress(OSError, ValueError):  # a damaged entry is checked again
        return Row.from_json(json.loads(_entry(result_key).read_text(encoding="utf-8")))
    return None


def store(result_key: str, row: Row) -> None:
    entry = _entry(result_key)
    with contextlib.suppress(OSError):  # a cache that cannot be written only costs a later check
        entry.parent.mkdir(parents=True, exist_ok=True)
        files.write_atomic(entry, json.dumps(dataclasses.asdict(row)))


def _entry(result_key: str) -> Path:
    return paths.cache_dir() / "grades" / result_key[:2] / f"{result_key}.json"
