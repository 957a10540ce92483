"""Hints, the reference solution, reset and progress bars, run as a learner runs them.

Questions are answered in a real pseudo-terminal; without one (stdin not a terminal) every
question counts as a no, so a script or CI job never hangs on a prompt.
"""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from tests.harness import FIXTURE_COURSE, run_cli, spawn, strip_ansi
from vecdrill import paths
from vecdrill.content import catalogue
from vecdrill.learner import progress

DRILLS = ("--drills", str(FIXTURE_COURSE))
STARTER = "# vecdrill: fx-double\n" + (FIXTURE_COURSE / "fx-double" / "starter.py").read_text()


def test_each_hint_call_shows_one_more_step() -> None:
    first = run_cli("hint", "fx-double", *DRILLS)
    assert first.returncode == 0, first.stderr
    assert "Hint 1 of 2: first step" in first.stdout and "second step" not in first.stdout
    second = run_cli("hint", "fx-double", *DRILLS)
    assert "Hint 1 of 2: first step" in second.stdout
    assert "Hint 2 of 2: second step" in second.stdout and "last hint" in second.stdout
    third = run_cli("hint", "fx-double", *DRILLS)
    assert third.stdout.count("Hint ") == 2  # no step beyond the last
    assert progress.load().drills["fx-double"].hints_shown == 2


def test_hint_all_shows_every_step_and_remembers_it() -> None:
    done = run_cli("hint", "fx-double", "--all", *DRILLS)
    assert "Hint 1 of 2: first step" in done.stdout and "Hint 2 of 2: second step" in done.stdout
    assert progress.load().drills["fx-double"].hints_shown == 2


def test_hint_speaks_the_chosen_language() -> None:
    done = run_cli("hint", "fx-double", "--lang", "zh", *DRILLS)
    assert "提示 1/2：第一步" in done.stdout and "first step" not in done.stdout


def test_hint_for_an_unknown_drill_is_a_usage_error() -> None:
    done = run_cli("hint", "fx-doubel", *DRILLS)
    assert done.returncode == 2 and "Did you mean 'fx-double'" in done.stderr


@pytest.mark.parametrize(
    ("args", "solved", "code", "said"),
    [
        ((), False, 1, "Not shown: you have not solved fx-double yet"),  # no terminal to ask on
        (("--lang", "zh"), False, 1, "没有显示：你还没有通过 fx-double。"),
        (("--yes", "--lang", "zh"), False, 0, "测试用的练习"),  # the code, and the explanation
        ((), True, 0, "return x * 2"),  # solved: no question
    ],
)
def test_solution_is_shown_once_solved_or_with_yes(
    args: tuple[str, ...], solved: bool, code: int, said: str
) -> None:
    if solved:
        progress.record_attempt("fx-double", passed=True)
    done = run_cli("solution", "fx-double", *args, *DRILLS)
    assert done.returncode == code, done.stderr
    assert said in done.stdout + done.stderr
    assert ("return x * 2" in done.stdout) == (code == 0)


def test_solution_asks_in_a_terminal_and_respects_the_answer() -> None:
    for answer, code, said in (("n", 1, "Not shown"), ("y", 0, "A fixture drill for the tests")):
        session = spawn("solution", "fx-double", *DRILLS, columns=250, rows=50)
        session.expect(r"Show its solution anyway\?")
        session.sendline(answer)
        session.expect(pexpect.EOF)
        session.close()
        assert session.exitstatus == code and said in strip_ansi(session.before)
    assert "return x * 2" in strip_ansi(session.before)


def test_reset_keeps_a_backup_and_restores_the_starter(tmp_path: Path) -> None:
    mine = tmp_path / "double.py"
    mine.write_text("# my attempt\n")
    refused = run_cli("reset", "fx-double", "--path", str(mine), *DRILLS)
    assert refused.returncode == 1 and "Not reset" in refused.stderr
    assert mine.read_text() == "# my attempt\n"
    assert not paths.backups_dir().exists()
    done = run_cli("reset", "fx-double", "--path", str(mine), "--yes", *DRILLS)
    assert done.returncode == 0, done.stderr
    assert mine.read_text() == STARTER
    backups = list(paths.backups_dir().iterdir())
    assert [b.read_text() for b in backups] == ["# my attempt\n"]
    assert backups[0].name in done.stdout.replace("\n", "")


def test_reset_without_a_path_resets_the_file_in_the_workspace(tmp_path: Path) -> None:
    """The file `try` made: in the workspace, after moving one that an older version left in
    ./vecdrill/ (so a reset never misses the learner's real file)."""
    workspace, old = tmp_path / "drills", tmp_path / "vecdrill"
    old.mkdir()
    (old / "fx-double.py").write_text("# vecdrill: fx-double\n# my attempt\n")
    done = run_cli(
        "reset", "fx-double", "--yes", *DRILLS, cwd=tmp_path, env={paths.WORKSPACE_ENV: str(workspace)}
    )
    assert done.returncode == 0, done.stderr
    assert f"Moved your file vecdrill/fx-double.py to {workspace / 'fx-double.py'}" in done.stdout
    assert (workspace / "fx-double.py").read_text() == STARTER
    backups = list(paths.backups_dir().iterdir())
    assert [b.read_text() for b in backups] == ["# vecdrill: fx-double\n# my attempt\n"]


def test_reset_asks_in_a_terminal(tmp_path: Path) -> None:
    mine = tmp_path / "double.py"
    mine.write_text("# my attempt\n")
    session = spawn("reset", "fx-double", "--path", str(mine), *DRILLS, columns=250, rows=50)
    session.expect(r"Replace .* with the starter\?")
    session.sendline("y")
    session.expect(r"previous\s+file\s+is\s+kept\s+at")
    session.expect(pexpect.EOF)
    session.close()
    assert session.exitstatus == 0 and mine.read_text() == STARTER


def test_two_resets_never_share_a_backup(tmp_path: Path) -> None:
    mine = tmp_path / "double.py"
    for attempt in ("# first\n", "# second\n"):
        mine.write_text(attempt)
        assert run_cli("reset", "fx-double", "--path", str(mine), "--yes", *DRILLS).returncode == 0
    kept = sorted(b.read_text() for b in paths.backups_dir().iterdir())
    assert kept == ["# first\n", "# second\n"]


def test_reset_of_an_untouched_or_missing_file_asks_nothing(tmp_path: Path) -> None:
    mine = tmp_path / "sub" / "double.py"
    for _ in range(2):  # missing, then holding the starter
        done = run_cli("reset", "fx-double", "--path", str(mine), *DRILLS)
        assert done.returncode == 0, done.stderr
        assert mine.read_text() == STARTER
    assert not paths.backups_dir().exists()


def test_progress_draws_solved_counts_per_level_and_technique() -> None:
    progress.record_attempt("fx-double", passed=True)
    progress.record_attempt("fx-pick", passed=False)
    everything = catalogue.load_catalogue([FIXTURE_COURSE]).drills.values()
    drills = [d for d in everything if d.folder.parent == FIXTURE_COURSE]  # --drills: that pack only
    level_one = sum(d.level == 1 for d in drills)
    gather = sum("gather" in d.techniques for d in drills)
    done = run_cli("progress", *DRILLS)
    assert done.returncode == 0, done.stderr
    lines = [line.split() for line in done.stdout.splitlines()]
    assert f"Your progress: 1 of {len(drills)} drills solved" in done.stdout
    level = next(line for line in lines if line[:2] == ["level", "1"])
    assert level[3] == f"1/{level_one}" and "#" in level[2]
    technique = next(line for line in lines if line[:1] == ["gather"])
    assert technique[2] == f"0/{gather}" and "#" not in technique[1]


def test_a_corrupt_progress_file_is_reported_and_set_aside() -> None:
    store = paths.progress_file()
    store.parent.mkdir(parents=True)
    store.write_text("{not json")
    done = run_cli("progress", *DRILLS)
    assert done.returncode == 0
    assert "could not be read" in done.stderr and "Your progress: 0 of" in done.stdout
    assert [p.name for p in store.parent.iterdir() if ".corrupt-" in p.name]
