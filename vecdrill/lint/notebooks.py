"""A Jupyter notebook's code cells as one Python source, and the way back to cell and line.

Cells are joined in order; a line of IPython syntax (`%magic`, `!shell`, `?help`) becomes a
comment so the rest parses, and a cell magic (`%%bash`) drops its whole cell. A finding at line
n of the joined source is reported at the cell and line it came from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class NotebookSource:
    text: str
    places: list[tuple[int, int]]  # joined line (0-based) -> (cell number from 1, line in cell)

    def place(self, line: int) -> tuple[int, int]:
        return self.places[line - 1] if 0 < line <= len(self.places) else (1, line)


def code_cells(raw: bytes) -> NotebookSource:
    """The code cells of a notebook file (raises ValueError when it is no notebook JSON)."""
    document = json.loads(raw)
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise ValueError("no 'cells' list: not a Jupyter notebook")
    lines: list[str] = []
    places: list[tuple[int, int]] = []
    for number, cell in enumerate(document["cells"], start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        if text.lstrip().startswith("%%"):
            continue
        for index, line in enumerate(text.splitlines(), start=1):
            stripped = line.lstrip()
            lines.append("# " + line if stripped.startswith(("%", "!", "?")) else line)
            places.append((number, index))
    return NotebookSource("\n".join(lines) + "\n", places)
