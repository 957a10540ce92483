"""What `vecdrill grade` prints: a progress bar while it runs, then the summary of the gradebook
(per drill: how many rows got each verdict; per student: drills solved; the identical hand-ins)
and where its files went, in English or Chinese. Piped, the tables are tab-separated text. Student
names and file names are the class's text: escaped before rich sees it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from vecdrill import messages
from vecdrill.grading.gradebook import MISSING, Copies, Gradebook, Row, Written
from vecdrill.report import text
from vecdrill.report.render import console, safe
from vecdrill.result.model import Verdict

if TYPE_CHECKING:
    from rich.table import Table

_ORDER = [*(v.value for v in Verdict), MISSING]  # pass first, as the verdicts are declared
_STYLE = {"pass": "green", "missing": "dim"}


@contextmanager
def progress(lang: str = "en") -> Iterator[tuple[Callable[[int], None], Callable[[Row], None]]]:
    """(set the total, count one row): a bar on stderr in a terminal, nothing when piped."""
    if not sys.stderr.isatty():
        yield (lambda total: None), (lambda row: None)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn(messages.say("grade_table", "grading", lang)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.description}"),
        console=console(stderr=True),
        transient=True,
    )
    task = bar.add_task("", total=None)
    with bar:
        yield (
            lambda total: bar.update(task, total=total),
            lambda row: bar.update(task, advance=1, description=safe(f"{row.student} {row.drill}")),
        )


def summary(book: Gradebook, written: Written | None = None, lang: str = "en") -> None:
    out = console()
    tally = book.tally()
    columns = [v for v in _ORDER if v == "pass" or any(count[v] for count in tally.values())]
    words = messages.words("grade_table", lang)
    per_drill = [[drill, *(str(count[v]) for v in columns)] for drill, count in tally.items()]
    per_student = [[student, f"{number}/{len(book.drills)}"] for student, number in book.solved().items()]
    drill_heads = [words["drill"], *(_verdict_word(verdict, lang) for verdict in columns)]
    student_heads = [words["student"], words["solved"]]
    if out.is_terminal:
        styles = [_STYLE.get(verdict, "") for verdict in columns]
        out.print(_table(words["per_drill"], drill_heads, styles, per_drill))
        out.print(_table(words["per_student"], student_heads, [""], per_student))
    else:
        for row in [drill_heads, *per_drill, [], student_heads, *per_student]:
            print("\t".join(map(_field, row)))
    copies = book.copies()
    if copies:
        out.print(safe("\n" + "\n".join(_copies_lines(copies, lang))))
    out.print(safe("\n" + _footer(book, written, lang)))


def _copies_lines(copies: list[Copies], lang: str) -> list[str]:
    """The identical hand-ins, a line per group, under a heading that says what counts as one."""
    words = messages.words("grades", lang)
    lines = [words["same_heading"]]
    for group in copies:
        how = words["same_bytes" if group.same_bytes else "same_code"]
        names = messages.say("explain", "list_separator", lang).join(group.students)
        lines.append(words["copies"].format(drill=group.drill, names=names, how=how))
    return lines


def _footer(book: Gradebook, written: Written | None, lang: str) -> str:
    """How many rows, what was checked, and where the gradebook and its sheets went."""
    words = messages.words("grades", lang)

    def count(number: int, noun: str) -> str:
        return words[f"{noun}_one" if number == 1 else f"{noun}_many"].format(count=number)

    shard = words["shard"].format(shard=book.shard) if book.shard else ""
    rows, checked = count(len(book.rows), "rows"), count(book.checked, "files")
    line = words["footer"].format(rows=rows, shard=shard, checked=checked, reused=book.reused)
    if book.ignored:
        line += words["ignored"].format(files=count(len(book.ignored), "files"))
    if written:
        line += words["written"].format(
            document=written.document, rows=written.rows, students=written.students
        )
    return line


def _verdict_word(verdict: str, lang: str) -> str:
    section = "grade_table" if verdict == MISSING else "verdict_word"
    return messages.say(section, verdict, lang)


def _table(title: str, heads: list[str], styles: list[str], rows: list[list[str]]) -> Table:
    """A table of names (the class's text, escaped) and right-aligned counts, in `styles`."""
    from rich.table import Table

    table = Table(title=title)
    table.add_column(heads[0])
    for head, style in zip(heads[1:], styles, strict=True):
        table.add_column(head, justify="right", style=style)
    for name, *counts in rows:
        table.add_row(safe(name), *counts)
    return table


def _field(name: str) -> str:
    """A name from the class (a folder's) as one tab-separated field: no tab, newline or escape."""
    return text.clean(name.replace("\t", " ").replace("\n", " "))
