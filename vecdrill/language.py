"""Pick the language of explanations and hints: --lang, else the user's locale."""

from __future__ import annotations

import os

from vecdrill.errors import UsageError
from vecdrill.messages import message

LANGUAGES = ("en", "zh")


def pick(requested: str | None) -> str:
    if requested is not None:
        if requested not in LANGUAGES:
            raise UsageError(message("errors", "lang", asked=requested, choices=", ".join(LANGUAGES)))
        return requested
    for variable in ("VECDRILL_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"
