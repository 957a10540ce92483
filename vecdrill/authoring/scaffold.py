"""`vecdrill new`: a drill folder with every file, ready to fill in (the files are in `templates`)."""

from __future__ import annotations

from pathlib import Path

from vecdrill.authoring import templates
from vecdrill.content.drill import ID_PATTERN
from vecdrill.content.pack import declared_languages
from vecdrill.errors import UsageError
from vecdrill.messages import message


def new_drill(drill_id: str, parent: Path, library: str, languages: tuple[str, ...] | None = None) -> Path:
    """Create `parent/drill_id` with every file of a drill; never overwrites anything. Its
    languages are `languages`, else those of the pack's pack.toml, else English and Chinese."""
    if not ID_PATTERN.match(drill_id):
        raise UsageError(message("errors", "drill_id", drill=drill_id))
    if library not in ("torch", "numpy"):
        raise UsageError(message("errors", "library", library=library))
    folder = parent / drill_id
    if folder.exists():
        raise UsageError(message("errors", "drill_exists", folder=str(folder)))
    if languages is None:
        languages = declared_languages(parent)
    folder.mkdir(parents=True)
    for name, text in templates.render(drill_id, library, chinese="zh" in languages).items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder
