"""The gradebook's sheets for people: identical hand-ins flagged (the same bytes, or the same code
but for names and whitespace) in a column and in the summary, in English and Chinese; one row per
student; numbers rounded in the CSV while the JSON keeps them whole; and a progress bar that moves
through the rows in the gradebook's order and ends on its last row, a missing one too.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pexpect
import pytest

from tests.harness import FIXTURE_COURSE, GRADE, REPO, grade, spawn, strip_ansi
from vecdrill.grading import copies
from vecdrill.grading.gradebook import Gradebook, Row

RIGHT = (REPO / "tests" / "learner_files" / "pass_double.py").read_text(encoding="utf-8")
STARTER = (FIXTURE_COURSE / "fx-double" / "starter.py").read_text(encoding="utf-8")
RENAMED = '"""Mine."""\nimport torch\n\n\ndef fx_double(values):  # doubled\n    return values*2\n'
OTHER = "import torch\n\n\ndef fx_double(x):\n    return x + x\n"
CLASS = {"ada": RIGHT, "bob": RIGHT, "cy": RENAMED, "dan": OTHER, "sam": STARTER, "tom": STARTER, "zoe": None}


def make_class(root: Path, handed_in: dict[str, str | None]) -> None:
    """One folder per student, with `fx-double.py` where the student handed one in."""
    for student, source in handed_in.items():
        (root / student).mkdir(parents=True)
        if source is not None:
            (root / student / "fx-double.py").write_text(source, encoding="utf-8")


def sheet(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as table:
        return list(csv.DictReader(table))


@pytest.mark.slow
def test_identical_hand_ins_are_flagged_but_not_the_untouched_starter(tmp_path: Path) -> None:
    make_class(tmp_path / "class", CLASS)

    book = grade(tmp_path, "book", "class", *GRADE, "--drill", "fx-double")

    assert book["copies"] == [
        {"drill": "fx-double", "students": ["ada", "bob"], "same_bytes": True},
        {"drill": "fx-double", "students": ["ada", "bob", "cy"], "same_bytes": False},
    ]
    same_as = {row["student"]: row["same_as"] for row in sheet(tmp_path / "book.csv")}
    alone = dict.fromkeys(("dan", "sam", "tom", "zoe"), "")
    assert same_as == {"ada": "bob cy", "bob": "ada cy", "cy": "ada bob", **alone}
    assert book["printed"].splitlines()[-5:] == [
        "Identical hand-ins (short answers are often alike: look before judging):",
        "  fx-double: ada, bob (same bytes)",
        "  fx-double: ada, bob, cy (same code, other names or spacing)",
        "",
        "7 rows: 6 files checked, 0 from earlier runs. Gradebook: book.json and book.csv; "
        "one row per student: book-students.csv",
    ]
    assert (tmp_path / "book-students.csv").read_text(encoding="utf-8").splitlines() == [
        "student,fx-double,solved,drills",
        "ada,pass,1,1",
        "bob,pass,1,1",
        "cy,pass,1,1",
        "dan,pass,1,1",
        "sam,error,0,1",
        "tom,error,0,1",
        "zoe,missing,0,1",
    ]

    chinese = grade(tmp_path, "book", "class", *GRADE, "--drill", "fx-double", "--lang", "zh")

    assert chinese["printed"].splitlines()[-5:] == [
        "相同的提交（简短的解法常常一样，请先看代码再判断）：",
        "  fx-double：ada、bob（字节完全相同）",
        "  fx-double：ada、bob、cy（代码相同，只有名字或空白不同）",
        "",
        "7 行：检查了 0 个文件，6 个沿用之前的结果。成绩册：book.json 和 book.csv；"
        "每个学生一行：book-students.csv",
    ]


def test_the_csv_rounds_for_people_and_a_merge_finds_copies_across_shards(tmp_path: Path) -> None:
    """Two shards, one copy in each: the merged gradebook flags the pair; its CSV shows the speedup
    and seconds rounded, its JSON the figures as measured."""
    ada = Row("ada", "a", "pass", "", 1234.5678901234, 2.3456789, "ada/a.py", "s1", fingerprint="f")
    bob = Row("bob", "a", "pass", "", 3.14159265358979, 0.0123456, "bob/a.py", "s2", fingerprint="f")
    for shard, row in (("1/2", ada), ("2/2", bob)):
        book = Gradebook("0.1.0", {"device": "cpu"}, ["a"], ["ada", "bob"], [row], shard=shard)
        (tmp_path / f"{shard[0]}.json").write_text(json.dumps(book.to_json()), encoding="utf-8")

    merged = grade(tmp_path, "merged", "--merge", "1.json", "2.json")

    assert [(row["speedup"], row["seconds"]) for row in merged["rows"]] == [
        (1234.5678901234, 2.3456789),
        (3.14159265358979, 0.0123456),
    ]
    rows = sheet(tmp_path / "merged.csv")
    assert [(row["speedup"], row["seconds"], row["same_as"]) for row in rows] == [
        ("1200", "2.35", "bob"),
        ("3.1", "0.0123", "ada"),
    ]
    assert "  a: ada, bob (same code, other names or spacing)" in merged["printed"].splitlines()


@pytest.mark.parametrize(
    ("other", "same"),
    [
        ("import torch as t\ndef fx_double(y):\n  '''Twice.'''\n  return y*2  # so\n", True),
        ("import torch\ndef fx_double(x):\n    return x * 3\n", False),  # another constant
        ("import torch\ndef doubled(x):\n    return x * 2\n", False),  # not the drill's function
        ("import numpy\ndef fx_double(x):\n    return x * 2\n", False),  # another library
        ("import torch\ndef fx_double(x):\n    return abs(x) * 2\n", False),  # a builtin keeps its name
        ("import torch\ndef fx_double(x):\n    return torch.abs(x) * 2\n", False),
    ],
)
def test_the_fingerprint_ignores_names_and_spacing_only(other: str, same: bool) -> None:
    mine = b"import torch\n\n\ndef fx_double(x):\n    return x * 2\n"
    starter = STARTER.encode()
    assert (copies.fingerprint(mine, starter) == copies.fingerprint(other.encode(), starter)) is same


def test_the_starter_and_a_file_of_imports_have_no_fingerprint() -> None:
    starter = STARTER.encode()
    renamed = STARTER.replace("(x)", "(values)").replace("    # TODO: vectorize\n", "").encode()
    for untouched in (starter, renamed, b"import torch\n", b""):
        assert copies.fingerprint(untouched, starter) is None, untouched


@pytest.mark.slow
def test_the_progress_bar_moves_through_the_rows_in_order_and_ends_on_the_last(tmp_path: Path) -> None:
    make_class(tmp_path / "class", {"ada": RIGHT, "bob": OTHER, "zoe": None})
    session = spawn("grade", "class", *GRADE, "--drill", "fx-double", cwd=tmp_path)
    session.expect(pexpect.EOF)
    session.close()
    assert session.exitstatus == 0, session.before

    screen = strip_ansi(session.before)
    frames = list(dict.fromkeys(re.findall(r"(\d)/3 \S+ (\w+) fx-double", screen)))
    students = [student for _, student in frames]
    assert students == sorted(students), frames  # the missing zoe is not named before ada or bob
    assert frames[-1] == ("3", "zoe"), frames
