"""A starter notebook for one drill: the task, the loop to replace, the magic, and a cell holding the
starter function under `%%vecdrill ID`.

Written as nbformat 4 JSON with the standard library, so `vecdrill notebook ID` works without the
Jupyter packages installed. Like the learner's `.py` files, an existing notebook is never replaced.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from vecdrill.content.drill import NO_CHINESE, Drill
from vecdrill.errors import UsageError
from vecdrill.messages import message, say
from vecdrill.report import text
from vecdrill.result import units


def cells(drill: Drill, lang: str) -> list[dict[str, Any]]:
    note = f"*{NO_CHINESE}*\n\n" if drill.untranslated(lang) else ""
    loop = drill.file("loop.py").read_text(encoding="utf-8").rstrip()
    starter = drill.file("starter.py").read_text(encoding="utf-8").rstrip()
    sizes = "; ".join(units.size(s) for s in drill.sizes)
    timed = message("starter", "timed", size=units.size(drill.bench)) if drill.benchmark else ""
    task = say("starter", "task", lang, call=text.signature(drill), sizes=sizes, timed=timed)
    return [
        _cell(
            "markdown",
            f"{note}# {drill.id}: {drill.title_in(lang)}\n\n{drill.task_in(lang)}\n\n{task}\n\n"
            f"{say('starter', 'loop', lang)}\n\n```python\n{loop}\n```",
        ),
        _cell("markdown", say("starter", "how", lang, drill=drill.id)),
        _cell("code", "%load_ext vecdrill", execution_count=None, outputs=[]),
        _cell("code", f"%%vecdrill {drill.id}\n{starter}", execution_count=None, outputs=[]),
    ]


def write(drill: Drill, path: Path, lang: str) -> Path:
    """Create the notebook at `path`; an existing file there is left as it is (a usage error)."""
    document = {
        "cells": cells(drill, lang),
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        raise UsageError(message("errors", "notebook_exists", path=str(path))) from None
    with os.fdopen(fd, "w", encoding="utf-8") as stream:
        json.dump(document, stream, indent=1, ensure_ascii=False, sort_keys=True)
        stream.write("\n")
    return path


def _cell(kind: str, source: str, **fields: Any) -> dict[str, Any]:
    """An nbformat cell whose id is its kind and source hashed, so a notebook's ids are the same
    every time it is written."""
    cell_id = hashlib.sha256(f"{kind}\0{source}".encode()).hexdigest()[:12]
    return {
        "cell_type": kind,
        "id": cell_id,
        "metadata": {},
        "source": source.splitlines(keepends=True),
        **fields,
    }
