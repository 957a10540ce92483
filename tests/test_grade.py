"""`vecdrill grade`: a class graded into a gradebook, resumed after one resubmission, sharded and
merged; and the warm pool that serves batches, against cold runs on the hostile corpus.

The class is built from the golden learner files and the fixture course, one folder per student:
correct, looping, wrong, crashing, misnamed and missing files.
"""

from __future__ import annotations

import csv
import hashlib
import json
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_world import SAME_COLD_AND_WARM, Case, past_gate
from tests.harness import FIXTURE_COURSE, GRADE, REPO, RIGHT, WRONG, grade, run_cli, zygote_pid
from tests.test_chinese import english_prose
from vecdrill import paths
from vecdrill.checking import batch, pipeline
from vecdrill.checking.pipeline import CheckOptions
from vecdrill.checking.submission import Source
from vecdrill.content import catalogue
from vecdrill.errors import UsageError
from vecdrill.grading import grade as grading
from vecdrill.grading import gradebook, resume, roster
from vecdrill.grading.gradebook import Gradebook, Row
from vecdrill.grading.roster import Ignored, Shard
from vecdrill.messages import message
from vecdrill.report import grades
from vecdrill.sandbox import cgroup, launch

LEARNER_FILES = REPO / "tests" / "learner_files"

HEAD = "# vecdrill: {}\nimport torch\n\n\n"
FLOOD = HEAD.format("fx-double") + 'def fx_double(x):\n    print("flood " * 10**7)\n    return x * 2\n'
HANG = (
    HEAD.format("fx-pick")
    + "def fx_pick(m, idx):\n    return (torch.ones(8000, 8000) @ torch.ones(8000, 8000))[0] * m\n"
)
CLASS = {
    "ada": {"pass_double.py": LEARNER_FILES / "pass_double.py", "pass_pick_gather.py": None, "sq.py": None},
    "bob": {"loop_for.py": LEARNER_FILES / "loop_for.py", "fx-pick.py": WRONG},
    "cy": {"fx-double.py": "import torch\n\n\ndef doubled(x):\n    return x * 2\n", "notes.py": "x = 1\n"},
    "eve": {"flood.py": FLOOD, "hang.py": HANG},  # what the gate lets through: a flood, a hang
}
DRILLS = ("fx-double", "fx-pick", "fx-np-square")
EXPECTED = {  # each student's verdict on each of DRILLS
    (student, drill): verdict
    for student, on_each in {
        "ada": ("pass", "pass", "pass"),
        "bob": ("loop", "wrong", "missing"),
        "cy": ("syntax", "missing", "missing"),  # fx-double found by its file name; it lacks the function
        "eve": ("output-limit", "timeout", "missing"),
        "dan": ("missing", "missing", "missing"),  # no file yet
    }.items()
    for drill, verdict in zip(DRILLS, on_each, strict=True)
}


def make_class(root: Path) -> Path:
    sources = {
        "pass_pick_gather.py": LEARNER_FILES / "pass_pick_gather.py",
        "sq.py": LEARNER_FILES / "pass_np_square.py",
    }
    for student, handed_in in CLASS.items():
        (root / student).mkdir(parents=True)
        for name, content in handed_in.items():
            content = content or sources[name]
            text = content.read_text(encoding="utf-8") if isinstance(content, Path) else content
            (root / student / name).write_text(text, encoding="utf-8")
    (root / "dan").mkdir()  # a student who handed in nothing yet
    return root


def verdicts(book: dict[str, Any]) -> dict[tuple[str, str], str]:
    return {(row["student"], row["drill"]): row["verdict"] for row in book["rows"]}


def timeless(book: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in book["rows"]]


@pytest.mark.slow
def test_a_class_is_graded_then_resumed_after_one_resubmission(tmp_path: Path, vecdrill_home: Path) -> None:
    make_class(tmp_path / "class")

    first = grade(tmp_path, "book", "class", *GRADE)

    assert verdicts(first) == EXPECTED
    assert (first["checked"], first["reused"]) == (8, 0)
    [ignored] = first["ignored"]
    assert (ignored["file"], ignored["reason_code"]) == ("class/cy/notes.py", "errors.which_drill")
    assert "cannot tell which drill class/cy/notes.py is for" in ignored["reason"]
    with (tmp_path / "book.csv").open(encoding="utf-8", newline="") as table:
        cells = list(csv.DictReader(table))
    assert cells == [
        {
            **{k: "" if v is None else str(v) for k, v in row.items() if k != "message_params"},
            "seconds": "" if row["seconds"] is None else f"{row['seconds']:.3g}",  # three significant figures
            "same_as": "",
        }
        for row in first["rows"]  # the sentence's values are in the JSON only
    ]
    assert first["copies"] == []
    printed = first["printed"].splitlines()
    assert printed[:4] == [
        "drill\tpass\tloop\tsyntax\twrong\ttimeout\toutput-limit\tmissing",
        "fx-double\t1\t1\t1\t0\t0\t1\t1",
        "fx-pick\t1\t0\t0\t1\t1\t0\t2",
        "fx-np-square\t1\t0\t0\t0\t0\t0\t4",
    ]
    assert printed[5:11] == ["student\tsolved", "ada\t3/3", "bob\t0/3", "cy\t0/3", "dan\t0/3", "eve\t0/3"]
    assert printed[-1] == (
        "15 rows: 8 files checked, 0 from earlier runs; 1 file not graded, listed in the gradebook. "
        "Gradebook: book.json and book.csv; one row per student: book-students.csv"
    )
    assert not (vecdrill_home / "data" / "progress.json").exists(), (
        "grading recorded into the teacher's progress"
    )

    (tmp_path / "class" / "bob" / "fx-pick.py").write_text(RIGHT, encoding="utf-8")
    second = grade(tmp_path, "book", "class", *GRADE)

    assert (second["checked"], second["reused"]) == (1, 7)
    assert verdicts(second) == {**EXPECTED, ("bob", "fx-pick"): "pass"}
    unchanged = [row for row in first["rows"] if (row["student"], row["drill"]) != ("bob", "fx-pick")]
    assert [
        row for row in second["rows"] if (row["student"], row["drill"]) != ("bob", "fx-pick")
    ] == unchanged


@pytest.mark.slow
def test_three_shards_merged_equal_one_unsharded_run(tmp_path: Path) -> None:
    for copy in ("sharded", "whole"):  # two copies: the whole run cannot reuse the shards' results
        make_class(tmp_path / copy / "class")
    pattern = "class/*/*.py"  # the same class, found by a pattern this time

    shards = [
        grade(tmp_path / "sharded", f"{k}-of-3", pattern, *GRADE, "--shard", f"{k}/3") for k in (1, 2, 3)
    ]
    merged = grade(tmp_path / "sharded", "merged", "--merge", *(f"{k}-of-3.json" for k in (1, 2, 3)))
    whole = grade(tmp_path / "whole", "whole", pattern, *GRADE)

    assert sorted(len(shard["rows"]) for shard in shards) != [0, 0, 15], "one shard took every row"
    assert sum(len(shard["rows"]) for shard in shards) == 15
    assert timeless(merged) == timeless(whole)
    assert verdicts(whole) == EXPECTED
    for field in ("drills", "students", "ignored", "options", "checked", "shard"):
        assert merged[field] == whole[field], field


def test_a_shard_is_chosen_by_a_stable_hash_of_student_and_drill() -> None:
    rows = [(student, drill) for student in ("ada", "bob", "cy", "dan") for drill in ("a", "b", "c")]
    owners = [[k for k in (1, 2, 3) if Shard(k, 3).holds(*row)] for row in rows]
    assert owners == [[k] for k in (1, 3, 3, 2, 2, 2, 1, 3, 3, 1, 1, 1)]  # the same on every machine and run
    for text in ("3/2", "", "1/", "/2", "1/0", "²/3", "1/99999999999"):
        with pytest.raises(UsageError, match=r"--shard .* must be K/N with 1 <= K <= N <= 10000"):
            Shard.parse(text)


def test_only_vecdrills_own_errors_fail_a_grading_run(tmp_path: Path) -> None:
    (tmp_path / "class" / "ada").mkdir(parents=True)
    (tmp_path / "class" / "ada" / "notes.py").write_text("x = 1\n", encoding="utf-8")
    for args, line in [
        (["nope"], "Error: 'nope' is not a folder of student folders; check the path"),
        (
            ["class"],
            "Error: no file under 'class' is for a drill (see `vecdrill list`); "
            "name the drills with --drill ID",
        ),
        (["class", "--shard", "0/2"], "Error: --shard '0/2' must be K/N with 1 <= K <= N <= 10000, e.g. 2/4"),
        (["class", "--shard", ""], "Error: --shard '' must be K/N"),
        (["class", "--isolation", "plain"], "Error: the plain sandbox was asked for, and it cannot keep"),
        (["--merge", "class/ada/notes.py"], "Error: 'class/ada/notes.py' is not a readable gradebook"),
    ]:
        done = run_cli("grade", *args, cwd=tmp_path)
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stderr.startswith(line), done.stderr


def _book(shard: str | None, *rows: Row) -> Gradebook:
    return Gradebook("0.1.0", {"device": "cpu"}, ["a"], ["ada", "bob"], list(rows), shard=shard)


def test_merge_refuses_missing_shards_and_rows_graded_twice() -> None:
    ada = Row("ada", "a", "pass", "", None, 1.0, "ada/a.py", "00")
    bob = Row("bob", "a", "missing", "", None, None, None, None)
    with pytest.raises(UsageError, match=r"the shards given are 1/3, 3/3: merge every shard K/N once"):
        gradebook.merge({Path("1.json"): _book("1/3", ada), Path("3.json"): _book("3/3", bob)})
    with pytest.raises(UsageError, match=r"2.json grades ada x a again"):
        gradebook.merge({Path("1.json"): _book("1/2", ada), Path("2.json"): _book("2/2", ada)})
    with pytest.raises(UsageError, match=r"'2/99999' must be K/N"):  # refused before any list is built
        gradebook.merge({Path("1.json"): _book("1/2", ada), Path("2.json"): _book("2/99999", bob)})
    merged = gradebook.merge({Path("1.json"): _book("1/2", ada), Path("2.json"): _book("2/2", bob)})
    assert merged.rows == [ada, bob]


@pytest.mark.slow
@pytest.mark.sandbox
def test_hostile_files_get_the_same_verdict_through_the_pool_as_cold(tmp_path: Path) -> None:
    course = catalogue.load_catalogue([FIXTURE_COURSE])
    runs = [
        (path, layer, verdict)
        for path, layer, verdict in SAME_COLD_AND_WARM
        if layer is None and not (Case.load(path).headers.get("needs") and cgroup.unavailable())
    ]
    right = tmp_path / "right.py"
    right.write_text(RIGHT, encoding="utf-8")
    batch_of = [*runs, (right, None, "pass")]  # after every hostile file, the pool still serves
    with ThreadPoolExecutor(max_workers=2) as threads:
        cold = list(
            threads.map(lambda run: past_gate(run[0], run[1], course, launch.run_sandboxed), batch_of)
        )
        with batch.warm_pool(course.drills.values(), None, 2) as pool:
            started = [zygote_pid(worker) for worker in pool.workers]
            warm = list(threads.map(lambda run: past_gate(run[0], run[1], course, pool.run), batch_of))
            served = [zygote_pid(worker) for worker in pool.workers]
    for (path, _, verdict), cold_run, warm_run in zip(batch_of, cold, warm, strict=True):
        assert cold_run[0] == verdict, f"{path.name}: {cold_run}"
        assert warm_run == cold_run, path.name
    assert served == started, "a zygote was relaunched: a drill switch or a hostile file cost a new one"


OS_HEAD = "import os\n\n\ndef fx_double(x):\n"
BOX = "os.path.dirname(os.getcwd())"  # a check's folder is inside the zygote's box
LEAVES = OS_HEAD + f"    open(os.path.join({BOX}, 'left'), 'w').write('x')\n    return x * 2\n"
LOOKS = OS_HEAD + f"    print(sorted(os.listdir({BOX})))\n    return x * 2\n"


@pytest.mark.slow
@pytest.mark.sandbox
def test_a_file_leaves_nothing_in_the_box_for_the_next_one() -> None:
    course = catalogue.load_catalogue([FIXTURE_COURSE])
    drill = course.get("fx-double")
    options = CheckOptions(drill_id=drill.id, device="cpu", bench=False)
    with batch.warm_pool([drill], None, 1) as pool:
        (worker,) = pool.workers
        served = zygote_pid(worker)
        runs = [
            pipeline.check_past_gate(Source(Path("f.py"), src.encode()), drill, options, pool.run)
            for src in (LEAVES, LOOKS)
        ]
        assert zygote_pid(worker) == served, "the pool stopped serving warm"
    assert [run.verdict.value for run in runs] == ["error", "pass"]  # only its own folder is writable
    seen = runs[1].stdout.splitlines()[0]
    assert seen.startswith("['check-") and "left" not in seen, seen


def test_no_gradebook_cell_runs_as_a_formula_or_breaks_a_line() -> None:
    names = ["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "ada\nbob\x1b[31m", "plain"]
    rows = [Row(name, "a", "pass", name, -1.5, 1.0, f"{name}.py", None) for name in names]
    cells = list(csv.reader(gradebook.to_csv(rows).splitlines()))[1:]
    assert [row[0] for row in cells] == ["'=HYPERLINK(1)", "'+1", "'-2", "'@SUM(A1)", "ada bob [31m", "plain"]
    speedups = [row["speedup"] for row in csv.DictReader(gradebook.to_csv(rows).splitlines())]
    assert speedups == ["-1.5"] * len(names)  # numbers stay numbers
    assert len(gradebook.to_csv(rows).splitlines()) == len(names) + 1
    per_student = gradebook.students_csv(Gradebook("0.1.0", {}, ["a"], names, rows))
    assert [row[0] for row in csv.reader(per_student.splitlines())][1:] == [row[0] for row in cells]


def test_the_gradebook_says_each_message_in_the_teachers_language_beside_its_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row carries its sentence as data: the sheets render it in the language `vecdrill grade`
    was given (still escaped where it would run as a formula), the code beside it for a program,
    the values in the JSON, which reads back to the same sentence; so does an ignored file's
    reason; the summary's headers follow."""
    said = message(
        "verdict", "finding", path="=cmd|' /C calc'!A0", line=3, col=1, message=message("mismatch", "a_bool")
    )
    row = Row(
        "ada", "a", "wrong", said.text("en"), None, 1.0, "a.py", "00", **gradebook.coded("message", said)
    )
    book = _book(None, row)
    book.ignored = [Ignored("bob/x.py", message("roster", "not_graded", drill="b"))]
    written = book.write(tmp_path / "book", "zh")
    [sheet] = list(csv.DictReader(written.rows.read_text(encoding="utf-8").splitlines()))
    assert (sheet["message"], sheet["message_code"]) == ("'=cmd|' /C calc'!A0:3:1 布尔值", "verdict.finding")
    document = json.loads(written.document.read_text(encoding="utf-8"))
    assert document["rows"][0]["message"] == "=cmd|' /C calc'!A0:3:1 布尔值"
    assert document["rows"][0]["message_params"]["message"] == {"code": "mismatch.a_bool", "params": {}}
    assert gradebook.read(written.document).rows[0].text("en") == "=cmd|' /C calc'!A0:3:1 a bool"
    with pytest.raises(ValueError, match="no_such_code"):
        Row.from_json({**document["rows"][0], "message_code": "verdict.no_such_code"})
    [ignored] = document["ignored"]
    assert ignored["reason_code"] == "roster.not_graded" and not english_prose(ignored["reason"])
    assert gradebook.read(written.document).ignored == book.ignored

    grades.summary(book, lang="zh")
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].split("\t")[:2] == ["题目", "通过"] and "学生\t已通过" in printed


def test_a_damaged_row_is_refused_with_its_field_named(tmp_path: Path) -> None:
    good = json.loads(json.dumps(Row("ada", "a", "pass", "", 2.0, 1.0, "a.py", "00").__dict__))
    assert Row.from_json(good) == Row(**good)
    for field, value in [("verdict", None), ("speedup", "fast"), ("seconds", float("inf")), ("student", 3)]:
        with pytest.raises(ValueError, match=field):
            Row.from_json({**good, field: value})
    with pytest.raises(ValueError):
        Row.from_json({**good, "verdict": "excellent"})
    book = _book(None, Row(**good)).to_json()
    book["rows"][0]["speedup"] = "fast"
    (tmp_path / "book.json").write_text(json.dumps(book), encoding="utf-8")
    with pytest.raises(UsageError, match=r"is a damaged gradebook \(the row's speedup is 'fast'\)"):
        gradebook.read(tmp_path / "book.json")


def test_a_damaged_resume_entry_is_checked_again() -> None:
    key = uuid.uuid4().hex * 2
    resume.store(key, Row("ada", "a", "pass", "", 2.0, 1.0, "a.py", "00"))
    assert resume.load(key) is not None
    entry = paths.cache_dir() / "grades" / key[:2] / f"{key}.json"
    entry.write_text(json.dumps({**json.loads(entry.read_text()), "verdict": None}), encoding="utf-8")
    assert resume.load(key) is None


def test_no_file_is_handed_in_through_a_symbolic_link_or_as_a_folder(tmp_path: Path) -> None:
    course = catalogue.load_catalogue([FIXTURE_COURSE])
    right = (LEARNER_FILES / "pass_double.py").read_text(encoding="utf-8")
    (tmp_path / "ada").mkdir()
    (tmp_path / "ada" / "fx-double.py").write_text(right, encoding="utf-8")
    (tmp_path / "bob" / "fx-double.py").mkdir(parents=True)  # a folder named like the file
    (tmp_path / "bob" / "fx-double.py" / "fx-double.py").write_text(right, encoding="utf-8")
    (tmp_path / "eve").mkdir()
    (tmp_path / "eve" / "fx-double.py").symlink_to(tmp_path / "ada" / "fx-double.py")  # a copy by link
    (tmp_path / "mallory").symlink_to(tmp_path / "ada")  # a whole folder by link
    (tmp_path / "zed").symlink_to("/etc")  # a walk out of the class
    nested = ("bob", "bob/fx-double.py/fx-double.py")
    for target, deep in ((str(tmp_path), {nested}), (f"{tmp_path}/*/*.py", set())):
        found = roster.find(target, course, ["fx-double"])
        handed = {(s.student, s.path.relative_to(tmp_path).as_posix()) for s in found.submissions}
        assert handed == {("ada", "ada/fx-double.py"), *deep}
        assert {"eve", "ada", "bob"} <= set(found.students) and "mallory" not in found.students
        reasons = {Path(i.file).relative_to(tmp_path).parts[0]: i.reason for i in found.ignored}
        assert "is a symbolic link; hand in files, not links" in reasons["eve"].text("en")
        assert not english_prose(reasons["eve"].text("zh")), reasons["eve"].text("zh")


def test_grading_refuses_the_plain_sandbox_unless_asked() -> None:
    with pytest.raises(UsageError, match=r"grade anyway with --allow-plain"):
        grading.trusted_layer("plain", allow_plain=False)
    grading.trusted_layer("plain", allow_plain=True)
    grading.trusted_layer(None, allow_plain=False)  # the strongest layer here is not plain (CI has bwrap)


def test_the_piped_summary_keeps_each_student_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    rows = [Row("ada\nbob\t\x1b[2J", "a", "pass", "", None, 1.0, "a.py", "00")]
    grades.summary(Gradebook("0.1.0", {}, ["a"], ["ada\nbob\t\x1b[2J"], rows))
    lines = capsys.readouterr().out.splitlines()
    student = lines[lines.index("student\tsolved") + 1]
    assert student.split("\t") == ["ada bob \N{REPLACEMENT CHARACTER}[2J", "1/1"]


@pytest.mark.slow
@pytest.mark.sandbox
def test_a_hand_in_is_hashed_checked_and_recorded_as_the_roster_read_it(tmp_path: Path) -> None:
    """The roster reads each file once; a file rewritten afterwards (a student saving during a
    run) changes neither its hash, nor its verdict, nor what its resume entry stands for."""

    course = catalogue.load_catalogue([FIXTURE_COURSE])
    handed_in = tmp_path / "ada" / "fx-double.py"
    handed_in.parent.mkdir()
    right = (LEARNER_FILES / "pass_double.py").read_bytes()
    handed_in.write_bytes(right)
    found = roster.find(str(tmp_path), course, ["fx-double"])
    handed_in.write_text("# vecdrill: fx-double\ndef fx_double(x):\n    return x * 3\n", encoding="utf-8")
    (row,) = grading.grade(found, course, CheckOptions(device="cpu", bench=False), jobs=1).rows
    assert (row.verdict, row.sha256) == ("pass", hashlib.sha256(right).hexdigest()), row.message
