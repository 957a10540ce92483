"""The gradebook: one row per student and drill, written as JSON (versioned) and CSV, and merged
from the shards of one grading run. The format is documented in the README."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from vecdrill import files
from vecdrill.errors import UsageError
from vecdrill.grading.roster import Ignored

FORMAT = "vecdrill-gradebook"
GRADEBOOK_VERSION = 1
MISSING = "missing"  # the verdict of a row whose student handed in no file for the drill


@dataclass(frozen=True)
class Row:
    student: str
    drill: str
    verdict: str  # a check's verdict (see the `--json` schema), or "missing"
    message: str
    speedup: float | None  # on the CPU; None with --no-bench or when the check failed before timing
    seconds: float | None  # the check's wall time (None for a missing file)
    file: str | None
    sha256: str | None  # of the file's bytes, so a resubmission or a copy shows


@dataclass
class Gradebook:
    vecdrill: str
    options: dict[str, Any]  # what the verdicts depend on: device, bench, seed, timeout, isolation
    drills: list[str]
    students: list[str]
    rows: list[Row]
    shard: str | None = None  # "K/N" for one shard's gradebook
    ignored: list[Ignored] = field(default_factory=list)
    checked: int = 0  # files checked in this run (summed over merged shards)
    reused: int = 0  # results taken from the cache of an earlier run

    def tally(self) -> dict[str, Counter[str]]:
        """Per drill, how many rows got each verdict."""
        counts: dict[str, Counter[str]] = {drill: Counter() for drill in self.drills}
        for row in self.rows:
            counts.setdefault(row.drill, Counter())[row.verdict] += 1
        return counts

    def solved(self) -> dict[str, int]:
        """Per student, how many drills passed."""
        counts = dict.fromkeys(self.students, 0)
        for row in self.rows:
            counts[row.student] = counts.get(row.student, 0) + (row.verdict == "pass")
        return counts

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": GRADEBOOK_VERSION, **asdict(self)}

    def write(self, stem: Path) -> tuple[Path, Path]:
        """`stem`.json and `stem`.csv, each replaced at once."""
        stem.parent.mkdir(parents=True, exist_ok=True)
        document, table = stem.with_suffix(".json"), stem.with_suffix(".csv")
        files.write_atomic(document, json.dumps(self.to_json(), indent=2) + "\n")
        files.write_atomic(table, to_csv(self.rows))
        return document, table


def to_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([f.name for f in fields(Row)])
    for row in rows:
        writer.writerow(["" if value is None else value for value in asdict(row).values()])
    return out.getvalue()


def read(path: Path) -> Gradebook:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise UsageError(
            f"{str(path)!r} is not a readable gradebook ({exc}); pass a gradebook .json"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(
            f"{str(path)!r} is not a vecdrill gradebook; pass a .json that `vecdrill grade` wrote"
        )
    if data.get("version") != GRADEBOOK_VERSION:
        raise UsageError(
            f"{str(path)!r} is gradebook version {data.get('version')!r}; this vecdrill reads version "
            f"{GRADEBOOK_VERSION}: grade again with one vecdrill"
        )
    try:
        rows = [Row(**row) for row in data["rows"]]
        ignored = [Ignored(**item) for item in data["ignored"]]
        names = {f.name for f in fields(Gradebook)} - {"rows", "ignored"}
        return Gradebook(**{k: data[k] for k in names}, rows=rows, ignored=ignored)
    except (KeyError, TypeError) as exc:
        raise UsageError(f"{str(path)!r} is a damaged gradebook ({exc!r} is wrong); grade again") from None


def merge(books: dict[Path, Gradebook]) -> Gradebook:
    """The shards of one run joined into the gradebook an unsharded run writes."""
    (first_path, first), *rest = books.items()
    for path, book in rest:
        for name in ("vecdrill", "options", "drills", "students"):
            if getattr(book, name) != getattr(first, name):
                raise UsageError(
                    f"{path} and {first_path} differ in {name}: they are not shards of one grading run"
                )
    shards = sorted(book.shard for book in books.values() if book.shard)
    counts = {shard.partition("/")[2] for shard in shards}
    if len(counts) > 1 or (
        counts and shards != sorted(f"{k}/{n}" for n in counts for k in range(1, int(n) + 1))
    ):
        raise UsageError(f"the shards given are {', '.join(shards) or 'none'}: merge every shard K/N once")
    rows: dict[tuple[str, str], Row] = {}
    for path, book in books.items():
        for row in book.rows:
            if (row.student, row.drill) in rows:
                raise UsageError(f"{path} grades {row.student} x {row.drill} again: merge each shard once")
            rows[(row.student, row.drill)] = row
    return Gradebook(
        first.vecdrill,
        first.options,
        first.drills,
        first.students,
        sorted(rows.values(), key=lambda row: (row.student, row.drill)),
        ignored=sorted({i for book in books.values() for i in book.ignored}, key=lambda i: i.file),
        checked=sum(book.checked for book in books.values()),
        reused=sum(book.reused for book in books.values()),
    )
