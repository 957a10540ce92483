"""The gradebook: one row per student and drill, written as JSON (versioned) and CSV, and merged
from the shards of one grading run. The format is documented in the README."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from vecdrill import files
from vecdrill.errors import UsageError
from vecdrill.grading.roster import Ignored, Shard
from vecdrill.report.model import Verdict

FORMAT = "vecdrill-gradebook"
GRADEBOOK_VERSION = 2  # 2: rows say who established the work and the speedup (`work_by`, `speedup_by`)
MISSING = "missing"  # the verdict of a row whose student handed in no file for the drill
# Where a cell starting with one of these is a formula to a spreadsheet (or a DDE command), a
# leading apostrophe makes it text; control characters (a newline, an escape code) become spaces.
_FORMULA_STARTS = ("=", "+", "-", "@")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


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
    # Who established the work (no loop) and the speedup: "vecdrill", from outside the solution's
    # process, or "solution", its process's own report (code that gets past the gate can forge
    # that); None where the row has no such figure.
    work_by: str | None = None
    speedup_by: str | None = None

    @classmethod
    def from_json(cls, data: object) -> Row:
        """A row read back (a gradebook, a resumed result), each field of its own type: ValueError
        naming the first that is not, so a damaged file is refused rather than carried on."""
        if not isinstance(data, dict) or set(data) - {f.name for f in fields(cls)}:
            raise ValueError("a row is not an object of the gradebook's fields")
        for name, kinds in _ROW_TYPES.items():
            value = data.get(name)
            if not isinstance(value, kinds) or isinstance(value, bool):
                raise ValueError(f"the row's {name} is {value!r}")
            if isinstance(value, float) and not math.isfinite(value):
                raise ValueError(f"the row's {name} is {value!r}")
        if data["verdict"] not in _VERDICTS or {data.get("work_by"), data.get("speedup_by")} - _WHO:
            raise ValueError(f"the row's verdict or evidence is not one vecdrill writes: {data!r}"[:200])
        return cls(**data)


_VERDICTS = {*(verdict.value for verdict in Verdict), MISSING}
_WHO = {"vecdrill", "solution", None}
_TEXT, _NUMBER, _NOTHING = (str,), (int, float), (type(None),)
_ROW_TYPES: dict[str, tuple[type, ...]] = {
    "student": _TEXT,
    "drill": _TEXT,
    "verdict": _TEXT,
    "message": _TEXT,
    "speedup": _NUMBER + _NOTHING,
    "seconds": _NUMBER + _NOTHING,
    "file": _TEXT + _NOTHING,
    "sha256": _TEXT + _NOTHING,
    "work_by": _TEXT + _NOTHING,
    "speedup_by": _TEXT + _NOTHING,
}


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
        writer.writerow([_cell(value) for value in asdict(row).values()])
    return out.getvalue()


def _cell(value: object) -> object:
    """A value as a spreadsheet may show it: text that cannot run as a formula, on one line."""
    if value is None:
        return ""
    if not isinstance(value, str):
        return value
    text = _CONTROL.sub(" ", value)
    return f"'{text}" if text.startswith(_FORMULA_STARTS) else text


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
        rows = [Row.from_json(row) for row in data["rows"]]
        ignored = [Ignored(**item) for item in data["ignored"]]
        names = {f.name for f in fields(Gradebook)} - {"rows", "ignored"}
        book = Gradebook(**{k: data[k] for k in names}, rows=rows, ignored=ignored)
        if book.shard is not None:
            Shard.parse(book.shard)
    except (KeyError, TypeError, ValueError, UsageError) as exc:
        raise UsageError(f"{str(path)!r} is a damaged gradebook ({exc}); grade again") from None
    return book


def merge(books: dict[Path, Gradebook]) -> Gradebook:
    """The shards of one run joined into the gradebook an unsharded run writes."""
    (first_path, first), *rest = books.items()
    for path, book in rest:
        for name in ("vecdrill", "options", "drills", "students"):
            if getattr(book, name) != getattr(first, name):
                raise UsageError(
                    f"{path} and {first_path} differ in {name}: they are not shards of one grading run"
                )
    shards = sorted(Shard.parse(book.shard) for book in books.values() if book.shard)
    whole = [Shard(k, len(books)) for k in range(1, len(books) + 1)]  # as many books as shards
    if shards and shards != whole:
        given = ", ".join(str(shard) for shard in shards)
        raise UsageError(f"the shards given are {given}: merge every shard K/N once")
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
