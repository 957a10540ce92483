"""`# noqa` and `# noqa: VD101, VD110` on the line of a finding, as flake8 reads them.

Only the finding's own line counts. A bare `# noqa` silences every rule on the line; a list
silences the codes (or prefixes) it names. The comment is found by a regular expression on the
line, so a `# noqa` inside a string on that line counts too, which flake8 avoids by tokenizing;
the lint reads only the few lines that have a finding, and the string case is rare enough.
"""

from __future__ import annotations

import re

_NOQA = re.compile(r"#\s*noqa(?::[\s]?(?P<codes>[A-Z0-9]+(?:[,\s]+[A-Z0-9]+)*))?", re.IGNORECASE)


def silenced(line: str, code: str) -> bool:
    """True when the line's noqa comment covers `code`."""
    for match in _NOQA.finditer(line):
        codes = match.group("codes")
        if codes is None:
            return True
        if any(code.startswith(listed.upper()) for listed in re.split(r"[,\s]+", codes) if listed):
            return True
    return False
