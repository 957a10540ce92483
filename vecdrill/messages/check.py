"""What a check says: verdicts, notes, the cases, the timing lines. Each code holds its English and its Chinese sentence side by side."""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {}
