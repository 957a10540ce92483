"""What the static gate says about a file: its findings (a loop, a banned call, an escape hatch) and their advice. Each code holds its English and its Chinese sentence side by side."""

from __future__ import annotations

SECTIONS: dict[str, dict[str, tuple[str, str]]] = {}
