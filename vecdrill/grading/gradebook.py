"""The gradebook: one row per student and drill, written as JSON (versioned, full precision) and
as two CSV sheets for people (one row per student and drill, one row per student; numbers rounded),
and merged from the shards of one grading run. Identical hand-ins are found from the rows, so a
merge finds copies across shards. The format is documented in the README."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from vecdrill import files
from vecdrill.errors import UsageError
from vecdrill.grading.roster import Ignored, Shard
from vecdrill.messages import CATALOGUE, Authored, Message, message
from vecdrill.result import units
from vecdrill.result.model import Verdict

FORMAT = "vecdrill-gradebook"
# 2: rows say who established the work and the speedup (`work_by`, `speedup_by`)
# 3: rows carry the fingerprint of their code (`fingerprint`), the book lists `copies`
# 4: an ignored file's reason is in the teacher's language, its code beside it (`reason_code`)
GRADEBOOK_VERSION = 4
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
    message: str  # as written; `message_code` and `message_params` say it in any language (`text`)
    speedup: float | None  # on the CPU; None with --no-bench or when the check failed before timing
    seconds: float | None  # the check's wall time (None for a missing file)
    file: str | None
    sha256: str | None  # of the file's bytes, so a resubmission or a copy shows
    # Who established the work (no loop) and the speedup: "vecdrill", from outside the solution's
    # process, or "solution", its process's own report (code that gets past the gate can forge
    # that); None where the row has no such figure.
    work_by: str | None = None
    speedup_by: str | None = None
    # The code's fingerprint (see grading.copies): equal in two files that are the same code but for
    # names and whitespace; None for a missing or unreadable file and for the untouched starter.
    fingerprint: str | None = None
    # The message as data (`Message.to_json`), for a program and for the teacher's language; None
    # in a row whose sentence has no code yet.
    message_code: str | None = None
    message_params: dict[str, Any] | None = None

    def text(self, lang: str) -> str:
        """The message in `lang` where the row carries its code, else as written."""
        if self.message_code is None:
            return self.message
        return _said(self.message_code, self.message_params or {}).text(lang)

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
        row = cls(**data)
        _renders(row.text, row.message_code)
        return row


def _renders(text: Callable[[str], str], code: str | None) -> None:
    """ValueError unless a sentence read back renders in both languages (a known code, its values)."""
    try:
        text("en"), text("zh")
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        raise ValueError(f"the message code {code!r} is not one vecdrill writes") from None


def _ignored(item: dict[str, Any]) -> Ignored:
    """An ignored file read back: its reason is a sentence vecdrill writes, or ValueError."""
    ignored = Ignored(item["file"], _said(item["reason_code"], item["reason_params"]))
    _renders(ignored.reason.text, item["reason_code"])
    return ignored


def coded(name: str, said: Message) -> dict[str, Any]:
    """`said` as data (`Message.to_json`), as `name`_code and `name`_params: a row's message, an
    ignored file's reason."""
    data = said.to_json()
    return {f"{name}_code": data["code"], f"{name}_params": data["params"]}


def _said(code: str, params: dict[str, Any]) -> Message:
    """A sentence read back from its `Message.to_json` form: nested sentences and an author's
    words (`{"en", "zh"}`) become themselves again, so they render in any language."""
    section, name = code.split(".", 1)
    if name not in CATALOGUE[section]:
        raise KeyError(code)
    return Message(section, name, {key: _value(value) for key, value in params.items()})


def _value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"code", "params"}:
        return _said(value["code"], value["params"])
    if isinstance(value, dict) and set(value) == {"en", "zh"}:
        return Authored(value["en"], value["zh"])
    if isinstance(value, list):
        return [_value(item) for item in value]
    return value


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
    "fingerprint": _TEXT + _NOTHING,
    "message_code": _TEXT + _NOTHING,
    "message_params": (dict, *_NOTHING),
}


@dataclass(frozen=True)
class Copies:
    """Students whose files for one drill are the same code: the same bytes (`same_bytes`), or
    the same code but for names, whitespace, comments and docstrings."""

    drill: str
    students: list[str]
    same_bytes: bool


@dataclass(frozen=True)
class Written:
    """Where `Gradebook.write` put the gradebook and its sheets."""

    document: Path  # the JSON
    rows: Path  # the CSV, one row per student and drill
    students: Path  # the CSV, one row per student


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

    def copies(self) -> list[Copies]:
        """The groups of students who handed in the same code for a drill, in the order of the
        drills: the byte-identical ones, and where a group's files differ in bytes, all of it."""
        groups: dict[tuple[str, str], list[Row]] = {}
        for row in self.rows:
            if row.fingerprint is not None:
                groups.setdefault((row.drill, row.fingerprint), []).append(row)
        found = []
        for (drill, _), same_code in groups.items():
            same_bytes: dict[str | None, list[str]] = {}
            for row in same_code:
                same_bytes.setdefault(row.sha256, []).append(row.student)
            found += [Copies(drill, sorted(names), True) for names in same_bytes.values() if len(names) > 1]
            if len(same_bytes) > 1:
                found.append(Copies(drill, sorted(row.student for row in same_code), False))
        order = {drill: index for index, drill in enumerate(self.drills)}
        return sorted(found, key=lambda group: (order.get(group.drill, len(order)), group.students))

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The document, each row's message in `lang` beside its code and values."""
        copies = [asdict(group) for group in self.copies()]
        rows = [{**asdict(row), "message": row.text(lang)} for row in self.rows]
        ignored = [
            {"file": item.file, "reason": item.reason.text(lang), **coded("reason", item.reason)}
            for item in self.ignored
        ]
        return {
            "format": FORMAT,
            "version": GRADEBOOK_VERSION,
            **asdict(self),
            "rows": rows,
            "ignored": ignored,
            "copies": copies,
        }

    def write(self, stem: Path, lang: str = "en") -> Written:
        """`stem`.json, `stem`.csv and `stem`-students.csv, each replaced at once; the messages in
        `lang`, the teacher's."""
        stem.parent.mkdir(parents=True, exist_ok=True)
        written = Written(
            stem.with_suffix(".json"),
            stem.with_suffix(".csv"),
            stem.with_name(f"{stem.name}-students.csv"),
        )
        files.write_atomic(written.document, json.dumps(self.to_json(lang), indent=2) + "\n")
        files.write_atomic(written.rows, to_csv(self.rows, self.copies(), lang))
        files.write_atomic(written.students, students_csv(self))
        return written


def to_csv(rows: list[Row], copies: Sequence[Copies] = (), lang: str = "en") -> str:
    """One line per row, numbers rounded for people, the message in `lang` with its code beside it
    (its values are in the JSON), and `same_as`: the other students who handed in the same code for
    the drill."""
    same: dict[tuple[str, str], set[str]] = {}
    for group in copies:
        for student in group.students:
            same.setdefault((student, group.drill), set()).update(set(group.students) - {student})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*_CSV_COLUMNS, "same_as"])
    for row in rows:
        cells = {name: _cell(value) for name, value in asdict(row).items()}
        cells["message"] = _cell(row.text(lang))
        cells["speedup"], cells["seconds"] = _speedup(row.speedup), _seconds(row.seconds)
        same_as = _cell(" ".join(sorted(same.get((row.student, row.drill), ()))))
        writer.writerow([*(cells[name] for name in _CSV_COLUMNS), same_as])
    return out.getvalue()


# The row's fields, the message's code beside the message; its values (a structure) only in the JSON.
_FIELDS = [f.name for f in fields(Row) if f.name not in ("message_code", "message_params")]
_CSV_COLUMNS = [
    *_FIELDS[: _FIELDS.index("message") + 1],
    "message_code",
    *_FIELDS[_FIELDS.index("message") + 1 :],
]


def students_csv(book: Gradebook) -> str:
    """One line per student: the verdict for each drill, then how many drills passed."""
    verdicts = {(row.student, row.drill): row.verdict for row in book.rows}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_cell(name) for name in ("student", *book.drills, "solved", "drills")])
    for student, solved in book.solved().items():
        cells = [verdicts.get((student, drill), "") for drill in book.drills]
        writer.writerow([_cell(student), *(_cell(cell) for cell in cells), solved, len(book.drills)])
    return out.getvalue()


def _speedup(value: float | None) -> str:
    """Two significant figures, as vecdrill writes a speedup everywhere (1200, 12, 1.2)."""
    return "" if value is None else units.speedup(value).removesuffix("x")


def _seconds(value: float | None) -> str:
    """Three significant figures, as vecdrill writes a duration (0.0123, 1.23, 123)."""
    return "" if value is None else f"{float(f'{value:.3g}'):g}"


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
        raise UsageError(message("errors", "gradebook_unreadable", path=str(path), error=str(exc))) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(message("errors", "not_gradebook", path=str(path)))
    version = data.get("version")
    if version != GRADEBOOK_VERSION:
        said = message(
            "errors", "gradebook_version", path=str(path), version=version, expected=GRADEBOOK_VERSION
        )
        raise UsageError(said)
    try:
        rows = [Row.from_json(row) for row in data["rows"]]
        ignored = [_ignored(item) for item in data["ignored"]]
        names = {f.name for f in fields(Gradebook)} - {"rows", "ignored"}
        book = Gradebook(**{k: data[k] for k in names}, rows=rows, ignored=ignored)
        if book.shard is not None:
            Shard.parse(book.shard)
    except (KeyError, TypeError, ValueError, UsageError) as exc:
        raise UsageError(message("errors", "gradebook_damaged", path=str(path), error=str(exc))) from None
    return book


def merge(books: dict[Path, Gradebook]) -> Gradebook:
    """The shards of one run joined into the gradebook an unsharded run writes."""
    (first_path, first), *rest = books.items()
    for path, book in rest:
        for name in ("vecdrill", "options", "drills", "students"):
            if getattr(book, name) != getattr(first, name):
                raise UsageError(
                    message("errors", "shards_differ", path=str(path), first=str(first_path), field=name)
                )
    shards = sorted(Shard.parse(book.shard) for book in books.values() if book.shard)
    whole = [Shard(k, len(books)) for k in range(1, len(books) + 1)]  # as many books as shards
    if shards and shards != whole:
        given = ", ".join(str(shard) for shard in shards)
        raise UsageError(message("errors", "shards_given", given=given))
    rows: dict[tuple[str, str], Row] = {}
    for path, book in books.items():
        for row in book.rows:
            if (row.student, row.drill) in rows:
                raise UsageError(
                    message("errors", "graded_twice", path=str(path), student=row.student, drill=row.drill)
                )
            rows[(row.student, row.drill)] = row
    return Gradebook(
        first.vecdrill,
        first.options,
        first.drills,
        first.students,
        sorted(rows.values(), key=lambda row: (row.student, row.drill)),
        # every shard lists the class's ignored files, each for one reason
        ignored=sorted(
            {i.file: i for book in books.values() for i in book.ignored}.values(), key=lambda i: i.file
        ),
        checked=sum(book.checked for book in books.values()),
        reused=sum(book.reused for book in books.values()),
    )
