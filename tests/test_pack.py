"""Packs as courses: pack.toml's path and its problems, `list`, `next`, `Next:` and `progress`,
run as a learner runs them (real subprocesses, a fresh VECDRILL_HOME per test)."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from tests.harness import FIXTURE_COURSE, REPO, edit, in_terminal, run_cli
from vecdrill.content import catalogue
from vecdrill.learner import progress

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

MANIFEST = """\
format = 1
id = "course"
title = "A test course"

[zh]
title = "测试课程"

[[tracks]]
id = "basics"
title = "Basics"
zh_title = "基础"
drills = ["fx-pick", "fx-double"]

[[tracks]]
id = "more"
title = "More"
zh_title = "更多"
drills = ["fx-np-square", "fx-pair"]

[prerequisites]
fx-pair = ["fx-double"]
"""
PATH = ["fx-pick", "fx-double", "fx-np-square", "fx-pair"]


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A teacher's pack: the fixture drills, ordered by a pack.toml unlike their level order."""
    course = tmp_path / "course"
    for drill_id in PATH:
        shutil.copytree(FIXTURE_COURSE / drill_id, course / drill_id)
    (course / "pack.toml").write_text(MANIFEST, encoding="utf-8")
    return course


def _rows(stdout: str) -> list[list[str]]:
    return [line.split("\t") for line in stdout.splitlines()]


def _in_terminal(*args: str) -> str:
    """What the command shows in a real pseudo-terminal of 160 columns, colours removed."""
    return "\n".join(in_terminal(*args, columns=160, rows=60))


# Each mistake a pack author can make (the text of MANIFEST it replaces, and with what), and the
# sentences `vecdrill list` prints for it.
MISTAKES = {
    "unknown key": (
        ('title = "A test course"', 'title = "A test course"\ncolour = "red"'),
        [
            "unknown key 'colour'; remove it or check its spelling "
            "(known keys: format, id, languages, prerequisites, title, tracks, zh)"
        ],
    ),
    "a zh table without its title": (
        ('[zh]\ntitle = "测试课程"\n', "[zh]\n"),
        ["the required key 'zh.title' is missing; add it"],
    ),
    "unsupported format": (
        ("format = 1", "format = 2"),
        ["format = 2 is not supported; this vecdrill reads format = 1"],
    ),
    "a listed drill without a folder": (
        ('"fx-pick", "fx-double"', '"fx-pik", "fx-double"'),
        [
            "track 'basics' lists 'fx-pik', which is not a drill folder of this pack "
            "(did you mean 'fx-pick'?); fix the id or create the folder",
            "the drill folder 'fx-pick' is in no track, so it comes after the path; add 'fx-pick' "
            "to a track's drills (or move the folder out of the pack)",
        ],
    ),
    "a drill folder in no track": (
        ('"fx-np-square", "fx-pair"', '"fx-pair"'),
        [
            "the drill folder 'fx-np-square' is in no track, so it comes after the path; add 'fx-np-square' "
            "to a track's drills (or move the folder out of the pack)"
        ],
    ),
    "a drill listed twice": (
        ('"fx-np-square", "fx-pair"', '"fx-np-square", "fx-pair", "fx-pick"'),
        ["'fx-pick' is listed in track 'basics' and again in track 'more'; list each drill once"],
    ),
    "two tracks with one id": (
        ('id = "more"', 'id = "basics"'),
        ["two tracks have the id 'basics'; give each track its own id"],
    ),
    "a prerequisite later on the path": (
        ('fx-pair = ["fx-double"]', 'fx-pair = ["fx-double"]\nfx-pick = ["fx-pair"]'),
        [
            "prerequisites.fx-pick names 'fx-pair', which does not come before 'fx-pick' on the path; "
            "move 'fx-pair' earlier or drop it"
        ],
    ),
    "a prerequisite of an unknown drill": (
        ('fx-pair = ["fx-double"]', 'fx-pare = ["fx-double"]'),
        [
            "prerequisites names 'fx-pare', which is not on the path (did you mean 'fx-pair'?); "
            "fix the id or add it to a track"
        ],
    ),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_manifest_mistake_is_one_sentence_and_the_drills_still_list(course: Path, mistake: str) -> None:
    (old, new), sentences = MISTAKES[mistake]
    assert old in MANIFEST
    (course / "pack.toml").write_text(MANIFEST.replace(old, new), encoding="utf-8")
    done = run_cli("list", "--drills", str(course))
    assert done.returncode == 0, done.stderr
    problems = [line for line in done.stderr.splitlines() if line]
    where = course / "pack.toml"
    assert problems == [f"Pack manifest problem: {where}: {sentence}" for sentence in sentences]
    assert sorted(row[0] for row in _rows(done.stdout)) == sorted(PATH)


def test_a_listed_drill_whose_folder_is_incomplete_is_skipped_beside_the_path(course: Path) -> None:
    (course / "fx-double" / "explain.md").unlink()  # a drill writer's work in progress
    done = run_cli("list", "--drills", str(course))
    assert done.returncode == 0
    assert done.stderr.strip() == (
        f"Broken drill skipped: {course.resolve() / 'fx-double' / 'explain.md'}: is missing; every drill "
        "needs loop.py, starter.py, solution.py and explain.md"
    )
    assert [row[0] for row in _rows(done.stdout)] == ["fx-pick", "fx-np-square", "fx-pair"]


def test_piped_list_follows_the_path_of_the_given_pack_with_pack_and_track_columns(course: Path) -> None:
    progress.record_attempt("fx-double", passed=True)
    piped = run_cli("list", "--drills", str(course))
    assert piped.returncode == 0 and piped.stderr == ""
    rows = _rows(piped.stdout)
    assert [row[0] for row in rows] == PATH
    assert [(row[5], row[6], row[7]) for row in rows] == [
        ("-", "course", "basics"),
        ("solved", "course", "basics"),
        ("-", "course", "more"),
        ("-", "course", "more"),
    ]
    assert run_cli("list", "--flat", "--drills", str(course)).stdout == piped.stdout


def test_the_core_pack_is_listed_first_in_the_order_of_its_manifest() -> None:
    manifest = tomllib.loads((REPO / "drills" / "core" / "pack.toml").read_text(encoding="utf-8"))
    rows = _rows(run_cli("list").stdout)
    core = [row for row in rows if row[6] == "core"]
    assert rows[: len(core)] == core
    on_path = [row[0] for row in core if row[7] != "-"]
    listed = [d for track in manifest["tracks"] for d in track["drills"]]
    assert on_path == [d for d in listed if d in on_path]
    tracks = [track["id"] for track in manifest["tracks"]]
    assert [row[7] for row in core if row[7] != "-"] == sorted(
        (row[7] for row in core if row[7] != "-"), key=tracks.index
    )


def test_a_pack_without_a_manifest_is_one_track_in_level_order() -> None:
    rows = _rows(run_cli("list", "--drills", str(FIXTURE_COURSE)).stdout)
    drills = catalogue.load_catalogue([FIXTURE_COURSE]).drills
    by_level = sorted(
        (d for d in drills.values() if d.folder.parent == FIXTURE_COURSE),
        key=lambda d: (d.level, d.library != "torch", d.id),
    )
    assert [row[0] for row in rows] == [d.id for d in by_level]
    assert {(row[6], row[7]) for row in rows} == {("fixture_course", "fixture_course")}


def test_list_in_a_terminal_shows_the_tracks_your_status_and_the_next_drill(course: Path) -> None:
    progress.record_attempt("fx-pick", passed=True)
    shown = _in_terminal("list", "--drills", str(course))
    lines = [line.strip() for line in shown.splitlines() if line.strip()]
    assert lines[0] == "A test course (course)"
    assert lines[1] == "Basics  1/2"
    assert re.fullmatch(r"✓ +1  fx-pick +Pick one element per row +level 1  torch", lines[2])
    assert re.fullmatch(r"▶ +2  fx-double +Double a tensor +level 1  torch", lines[3])
    assert lines[4] == "More  0/2"
    assert re.fullmatch(r"3  fx-np-square +.+level 1  numpy", lines[5])
    assert re.fullmatch(r"○ +4  fx-pair +.+level 1  torch", lines[6])  # fx-double is unsolved
    assert lines[-1] == f"Next: vecdrill try fx-double --drills {course} (Double a tensor)"
    assert "基础  1/2" in _in_terminal("list", "--lang", "zh", "--drills", str(course))


def test_list_marks_the_drills_whose_prerequisites_are_unsolved_in_both_languages(course: Path) -> None:
    """fx-pair builds on fx-double: `list` marks it (one column, the mark's own) and says once what
    the mark means, until fx-double is solved."""
    english = _in_terminal("list", "--drills", str(course)).splitlines()
    marked = [line.split()[2] for line in english if re.match(r" *○ +\d+  ", line)]
    assert marked == ["fx-pair"]
    legend = "○ builds on a drill you have not solved; `vecdrill try ID` names it."
    assert legend in [line.strip() for line in english]
    assert max(len(line) for line in english if "fx-pair" in line) <= 80
    chinese = _in_terminal("list", "--lang", "zh", "--drills", str(course))
    assert "○ 用到了你还没通过的前置题；`vecdrill try ID` 会列出是哪几题。" in chinese
    assert [line.split()[2] for line in chinese.splitlines() if re.match(r" *○ +\d+  ", line)] == ["fx-pair"]
    progress.record_attempt("fx-double", passed=True)
    solved = _in_terminal("list", "--drills", str(course))
    assert "○" not in solved and "builds on" not in solved
    piped = run_cli("list", "--drills", str(course))
    assert "○" not in piped.stdout  # the tab-separated columns stay as scripts read them


def test_an_english_only_pack_shows_its_english_titles_in_chinese_views(course: Path) -> None:
    manifest = course / "pack.toml"
    english = re.sub(
        r'\[zh\]\ntitle = "[^"]*"\n|zh_title = "[^"]*"\n', "", manifest.read_text(encoding="utf-8")
    )
    assert "zh" not in english
    manifest.write_text(english, encoding="utf-8")
    done = run_cli("list", "--lang", "zh", "--drills", str(course))
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert "Basics" in _in_terminal("list", "--lang", "zh", "--drills", str(course))


def test_next_starts_the_first_unsolved_drill_on_the_path(course: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    first = run_cli("next", "--no-watch", "--path", str(mine), "--drills", str(course))
    assert first.returncode == 0, first.stderr
    assert mine.read_text().startswith("# vecdrill: fx-pick\n")
    progress.record_attempt("fx-pick", passed=True)
    mine.unlink()
    second = run_cli("try", "--no-watch", "--path", str(mine), "--drills", str(course))
    assert second.returncode == 0, second.stderr
    assert mine.read_text().startswith("# vecdrill: fx-double\n")


def test_next_without_a_pack_starts_the_core_path_from_an_empty_progress_store(tmp_path: Path) -> None:
    manifest = tomllib.loads((REPO / "drills" / "core" / "pack.toml").read_text(encoding="utf-8"))
    mine = tmp_path / "mine.py"
    done = run_cli("next", "--no-watch", "--path", str(mine))
    assert done.returncode == 0, done.stderr
    assert mine.read_text().startswith(f"# vecdrill: {manifest['tracks'][0]['drills'][0]}\n")


def test_next_when_the_whole_path_is_solved_says_so_and_creates_nothing(course: Path, tmp_path: Path) -> None:
    for drill_id in PATH:
        progress.record_attempt(drill_id, passed=True)
    done = run_cli("next", "--no-watch", "--path", str(tmp_path / "mine.py"), "--drills", str(course))
    assert done.returncode == 0
    assert done.stdout.strip() == (
        "You have solved every drill of A test course. `vecdrill list` shows them all; "
        "`vecdrill check` re-checks any file."
    )
    assert not (tmp_path / "mine.py").exists()


def test_try_names_the_unsolved_prerequisites_without_blocking(course: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    done = run_cli("try", "fx-pair", "--no-watch", "--path", str(mine), "--drills", str(course))
    assert done.returncode == 0 and mine.is_file()
    assert (
        "fx-pair builds on fx-double, which you have not solved yet: you can go ahead, or start with "
        f"`vecdrill try fx-double --drills {course}`."
    ) in done.stdout
    zh = ("--lang", "zh", "--path", str(mine), "--drills", str(course))
    chinese = run_cli("try", "fx-pair", "--no-watch", *zh)
    assert (
        "fx-pair 用到了 fx-double 的做法，你还没有通过它：可以直接开始，也可以先做 "
        f"`vecdrill try fx-double --drills {course}`。"
    ) in chinese.stdout
    progress.record_attempt("fx-double", passed=True)
    again = run_cli("try", "fx-pair", "--no-watch", "--path", str(mine), "--drills", str(course))
    assert again.returncode == 0 and "builds on" not in again.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    ("solved", "following", "lang"),
    [
        ([], "fx-np-square", "en"),  # the next drill on the path, not the first unsolved one before it
        (["fx-np-square", "fx-pair"], "fx-pick", "en"),  # the end of the pack: back to its start, not core
        ([], "fx-np-square", "zh"),  # named by its Chinese title
    ],
)
def test_next_after_a_pass_follows_the_path_inside_the_pack(
    course: Path, solved: list[str], following: str, lang: str
) -> None:
    edit(course / "fx-np-square" / "drill.toml", '[zh]\ntitle = "测试"', '[zh]\ntitle = "数组平方"')
    for drill_id in solved:
        progress.record_attempt(drill_id, passed=True)
    solution = course / "fx-double" / "solution.py"
    done = run_cli(
        "check", str(solution), "--drill", "fx-double", "--no-bench", "--drills", str(course), "--lang", lang
    )
    assert done.returncode == 0, done.stdout + done.stderr
    title = catalogue.load_catalogue([course]).get(following).title_in(lang)
    command = f"vecdrill try {following} --drills {course}"
    assert (f"下一题：{command}（{title}）" if lang == "zh" else f"Next: {command} ({title})") in (
        done.stdout.splitlines()
    )


@pytest.mark.slow
def test_next_after_a_pass_names_what_the_next_drill_builds_on_when_unsolved(course: Path) -> None:
    """A learner who skipped ahead (fx-double unsolved) passes fx-np-square: `Next:` is fx-pair,
    and the line under it says fx-pair builds on fx-double, in the learner's language."""
    solution = course / "fx-np-square" / "solution.py"
    args = ("check", str(solution), "--drill", "fx-np-square", "--no-bench", "--drills", str(course))
    done = run_cli(*args)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    at = lines.index(f"Next: vecdrill try fx-pair --drills {course} (Return two tensors)")
    start = f"`vecdrill try fx-double --drills {course}`"
    assert lines[at + 1] == (
        "fx-pair builds on fx-double, which you have not solved yet: you can go ahead, or start "
        f"with {start}."
    )
    chinese = run_cli(*args, "--lang", "zh")
    assert f"fx-pair 用到了 fx-double 的做法，你还没有通过它：可以直接开始，也可以先做 {start}。" in (
        chinese.stdout.splitlines()
    )
    progress.record_attempt("fx-double", passed=True)
    again = run_cli(*args)
    assert "builds on" not in again.stdout


def test_progress_counts_each_track_and_the_whole_pack(course: Path) -> None:
    progress.record_attempt("fx-pick", passed=True)
    progress.record_attempt("fx-np-square", passed=True)
    progress.record_attempt("fx-pair", passed=False)
    done = run_cli("progress", "--drills", str(course))
    assert done.returncode == 0, done.stderr
    shown = done.stdout.splitlines()
    assert shown[0] == "Your progress: 2 of 4 drills solved" and "A test course" in shown
    basics = next(line.split() for line in shown if line.split()[:1] == ["Basics"])
    more = next(line.split() for line in shown if line.split()[:1] == ["More"])
    assert basics[2] == "1/2" and more[2] == "1/2" and basics[1] == "[" + "#" * 12 + "." * 12 + "]"
    assert shown[-1] == f"Next: vecdrill try fx-double --drills {course} (Double a tensor)"


def test_dev_check_of_a_pack_reports_the_problems_of_that_pack_only(tmp_path: Path) -> None:
    """Another pack on the search path (VECDRILL_PATH, like the core pack) has a broken manifest:
    that is no problem of the pack being checked."""
    course, other = tmp_path / "course", tmp_path / "other"
    course.mkdir()
    other.mkdir()
    (course / "pack.toml").write_text(MANIFEST.replace("[zh]", 'colour = "red"\n[zh]'), encoding="utf-8")
    (other / "pack.toml").write_text(MANIFEST.replace("[zh]", 'flavour = "sour"\n[zh]'), encoding="utf-8")
    done = run_cli(
        "dev", "check", str(course), "--no-bench", "--no-mutants", env={"VECDRILL_PATH": str(other)}
    )
    assert done.returncode == 3, done.stdout + done.stderr
    assert done.stdout.splitlines() == [
        f"problem: {course / 'pack.toml'}: unknown key 'colour'; remove it or check its spelling "
        "(known keys: format, id, languages, prerequisites, title, tracks, zh)",
        "dev check: 0 drills, 1 problem(s)",
    ]


@pytest.mark.slow
def test_dev_check_of_a_built_in_drill_folder_checks_it_once() -> None:
    """`drills/core/relu-where` is also a drill of the built-in pack, loaded first: the same
    folder, not a second drill with the same id."""
    done = run_cli("dev", "check", str(Path("drills") / "core" / "relu-where"), "--no-bench", "--no-mutants")
    assert "already defined" not in done.stdout, done.stdout
    assert done.stdout.splitlines()[-1] == "dev check: 1 drills, all good", done.stdout + done.stderr


def test_show_ends_with_the_commands_that_find_the_drill(course: Path) -> None:
    shown = run_cli("show", "fx-pick", "--drills", str(course))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[-1] == (
        f"Start it with vecdrill try fx-pick --drills {course}, or check a file with "
        f"vecdrill check FILE --drill fx-pick --drills {course}."
    )
    core = run_cli("show", "relu-where")
    assert core.stdout.splitlines()[-1] == (
        "Start it with vecdrill try relu-where, or check a file with vecdrill check FILE --drill relu-where."
    )
