"""Every learner-facing view at 80 and 120 columns, in English and Chinese: no line wider than
the terminal (measured in display cells, so a CJK character counts two), one line per row, and
columns that line up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.harness import REPO, assert_fits, display_width, in_terminal

WIDTHS = (80, 120)
LANGS = ("en", "zh")


def _cell_of(line: str, needle: str) -> int:
    return display_width(line[: line.index(needle)])


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_path_is_one_aligned_line_per_drill(columns: int, lang: str) -> None:
    lines = in_terminal("list", "--lang", lang, columns=columns)
    assert_fits(lines, columns)
    rows = [line for line in lines if re.match(r"^  . +\d+  \S", line)]
    assert len(rows) >= 100, "a drill's row wrapped onto a second line or is missing"
    level = "难度" if lang == "zh" else "level"
    starts = {_cell_of(row, level) for row in rows}
    assert len(starts) == 1, f"the level column starts at cells {sorted(starts)}: ragged"


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_progress_keeps_each_bar_on_its_label_line(columns: int, lang: str) -> None:
    lines = in_terminal("progress", "--lang", lang, columns=columns)
    assert_fits(lines, columns)
    bars = [line for line in lines if "░" in line or "█" in line]
    assert len(bars) > 20 and all(re.search(r"\d+/\d+$", line) for line in bars), "a count left its bar"
    starts = {_cell_of(line, next(c for c in line if c in "░█")) for line in bars}
    assert len(starts) == 1, f"the bars start at cells {sorted(starts)}: ragged"
    if lang == "zh":
        assert not any(word in "\n".join(lines) for word in ("Your progress", "By level", "By technique"))


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_show_wraps_long_code_lines_instead_of_cutting_them(columns: int, lang: str) -> None:
    lines = in_terminal("show", "segment-sum-sorted", "--lang", lang, columns=columns)
    assert_fits(lines, columns)
    joined = " ".join(line.strip() for line in lines)
    assert "-> np.ndarray:" in joined, "the signature's end was cut at the terminal's edge"
    if lang == "zh":
        assert "要替换的循环" in joined and "The loop to replace" not in joined


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("lang", LANGS)
def test_hint_and_doctor_fit(columns: int, lang: str) -> None:
    assert_fits(in_terminal("hint", "gather-logits", "--lang", lang, columns=columns), columns)
    assert_fits(in_terminal("doctor", columns=columns, lang=lang), columns)


@pytest.mark.slow
@pytest.mark.parametrize(("columns", "lang"), [(80, "zh"), (120, "en")])
def test_scaling_in_a_terminal_shows_the_numbers_and_lines_told_apart_without_colour(
    columns: int, lang: str, tmp_path: Path
) -> None:
    mine = tmp_path / "relu.py"
    mine.write_text((REPO / "drills" / "core" / "relu-where" / "solution.py").read_text())
    lines = in_terminal(
        "check", str(mine), "--drill", "relu-where", "--scaling", "--lang", lang, columns=columns
    )
    assert_fits(lines, columns)
    table = [line for line in lines if re.match(r"^ +R=\d+ +\S+ \S+ +\S+ \S+ +\d+x$", line)]
    assert len(table) >= 5, "the ladder's numbers are missing beside the chart"
    chart = [line for line in lines if "│" in line or "┤" in line]
    assert any("o" in line for line in chart) and any("x" in line for line in chart)
    assert ("o 循环" if lang == "zh" else "o loop") in "\n".join(lines)
