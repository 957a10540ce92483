"""`vecdrill try`'s keys and compact screen, driven as a learner drives them: a real pseudo-terminal
of 80x24, real saves, real key presses. Each screen drawn after a save is read back from the
terminal stream (after its last clear) and must fit 24 rows of 80 cells.

Each session is run by bash, which prints `stty -a` once vecdrill has ended: the terminal must be
back in its ordinary mode (line editing and echo on) after `q` and after Ctrl-C alike.
"""

from __future__ import annotations

import io
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.harness import FIXTURE_COURSE, REPO, RIGHT, WRONG, assert_fits, spawn, strip_ansi
from vecdrill.content import catalogue

ROWS, COLUMNS = 24, 80
CLEAR = "\x1b[2J"


def _last_screen(recording: io.StringIO) -> list[str]:
    """The lines on the terminal since its last clear, escape sequences removed."""
    drawn = recording.getvalue().rsplit(CLEAR, 1)[-1]
    return strip_ansi(drawn).replace("\r", "").split("\n")


def _said(recording: io.StringIO) -> str:
    """Everything written, escape sequences removed and every run of white space made one space
    (a long path wraps at 80 columns)."""
    return " ".join(strip_ansi(recording.getvalue()).split())


def _assert_terminal_restored(session: pexpect.spawn) -> None:
    session.expect("exit=0")
    session.expect(pexpect.EOF)
    modes = session.before.split()
    assert "icanon" in modes and "echo" in modes, session.before


@pytest.mark.slow
def test_keys_hint_explanation_next_and_quit_on_a_compact_screen(vecdrill_home: Path) -> None:
    session = spawn("try", "fx-pick", "--drills", str(FIXTURE_COURSE), "--no-editor", then="stty -a")
    session.logfile_read = recording = io.StringIO()
    workspace = vecdrill_home / "workspace"
    session.expect("Waiting for your first save")
    assert f"Your drills live in {workspace} (" in _said(recording)
    session.expect("q quit")
    mine = workspace / "fx-pick.py"
    mine.write_text(WRONG)
    session.expect("save again to check again.*q quit")
    assert_fits(_last_screen(recording), COLUMNS, ROWS)
    assert any(line.startswith("WRONG fx-pick: ") for line in _last_screen(recording))
    session.send("h")
    session.expect("Hint 1 of 2:.*first step")
    session.send("e")  # not solved yet: a sentence, not the solution
    session.expect("open once your file passes")
    mine.write_text(RIGHT)
    session.expect("faster than the loop|slower than the loop")
    session.expect("save again to check again.*q quit")
    screen = _last_screen(recording)
    assert_fits(screen, COLUMNS, ROWS)
    assert any(re.match(r"PASS fx-pick: [0-9.]+x (faster|slower) than the loop \(cpu\)", s) for s in screen)
    assert screen[-1].startswith("n next · h hint · t task · l list · e explanation · q quit")
    assert not any(line.startswith("Hint ") for line in screen)  # a hint helps until the pass
    session.send("e")
    session.expect("The reference solution of fx-pick")
    following = catalogue.load_catalogue([FIXTURE_COURSE]).next_after({"fx-pick"}, current="fx-pick")
    assert following is not None
    session.send("n")  # the next drill of the path, in the workspace
    session.expect("Created")
    session.expect("Waiting for your first save")
    assert f"Created {workspace / following.id}.py from the starter" in _said(recording)
    session.send("q")
    session.expect("The reference solution of fx-pick")  # once, in full, after the session
    session.expect(r"Stopped watching fx-pick after 2 checks: solved")
    session.expect(f"Stopped watching {following.id} after 0 checks: not solved yet")
    _assert_terminal_restored(session)
    assert (workspace / f"{following.id}.py").read_text().startswith(f"# vecdrill: {following.id}\n")


@pytest.mark.slow
def test_the_chinese_screen_fits_by_display_width_and_ctrl_c_restores_the_terminal(
    vecdrill_home: Path,
) -> None:
    args = ("try", "fx-pick", "--drills", str(FIXTURE_COURSE), "--no-editor", "--lang", "zh")
    session = spawn(*args, then="stty -a")
    session.logfile_read = recording = io.StringIO()
    session.expect("等待你第一次保存")
    session.expect("q 退出")
    (vecdrill_home / "workspace" / "fx-pick.py").write_text(WRONG)
    session.expect("再次保存即可重新检查.*q 退出")
    screen = _last_screen(recording)
    assert_fits(screen, COLUMNS, ROWS)
    assert screen[-1].startswith("n 下一题 · h 提示")
    session.send("t")  # the task, then any other key: back to the verdict
    session.expect("测试")
    session.send("\r")
    session.expect("n 下一题")
    session.sendintr()
    session.expect("已停止监视 fx-pick，共检查 1 次")
    _assert_terminal_restored(session)


@pytest.mark.slow
def test_without_a_terminal_on_stdin_there_are_no_keys_and_typing_changes_nothing(
    vecdrill_home: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "fx-pick.py"
    args = ["try", "fx-pick", "--drills", str(FIXTURE_COURSE), "--path", str(mine), "--no-editor"]
    with subprocess.Popen(
        [sys.executable, "-m", "vecdrill", *args],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdin is not None and child.stdout is not None
        lines = iter(child.stdout.readline, "")
        assert any(line.startswith("Waiting for your first save") for line in lines)
        child.stdin.write("q\n")  # not a terminal: read by nobody, so it quits nothing
        child.stdin.flush()
        mine.write_text(WRONG)
        said = []
        for line in lines:
            said.append(line)
            if "save again to check again" in line:
                break
        child.send_signal(signal.SIGINT)
        rest = child.stdout.read()
    assert child.returncode == 0
    assert any(line.startswith("WRONG fx-pick: ") for line in said)
    assert "Stuck? vecdrill hint fx-pick shows a hint." in "".join(said)
    assert "q quit" not in "".join(said) + rest
    assert "Stopped watching fx-pick after 1 check: not solved yet" in rest
