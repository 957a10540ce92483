"""`vecdrill try`: the learner's file, the watch loop in a real terminal, and the warm worker
(the file watcher's own tests, with real saves, are in test_watch.py).

The warm worker is checked against the same golden learner files as `vecdrill check`, so a warm
verdict is the cold one; then against what only a long-lived zygote can get wrong: a stuck or
runaway check, guards and limits in a forked child, and shared random state.
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pexpect
import pytest

from tests.corpus_world import SAME_COLD_AND_WARM, Case, layer_or_skip, past_gate
from tests.harness import (
    FIXTURE_COURSE,
    LEARNER_FILES,
    REPO,
    RIGHT,
    WRONG,
    copy_drill,
    edit,
    headers,
    run_cli,
    run_python,
    spawn,
    worker_request,
    zygote_pid,
)
from vecdrill import paths, wire
from vecdrill.checking import plan
from vecdrill.checking.pipeline import CheckOptions, check
from vecdrill.checking.submission import read_source
from vecdrill.content import catalogue
from vecdrill.learner import checks, progress
from vecdrill.sandbox import cgroup, launch, warm

LOOP = """# vecdrill: fx-pick
import torch


def fx_pick(m, idx):
    out = torch.zeros(m.shape[0])
    for i in range(m.shape[0]):
        out[i] = m[i, idx[i]]
    return out
"""
PATIENT = launch.Limits(wall_seconds=60)
DRILLS_ARGS = ("--drills", str(FIXTURE_COURSE))
# `try` without the watch loop: it makes (or moves) the file, shows the drill and returns.
TRY_DOUBLE = ("try", "fx-double", *DRILLS_ARGS, "--no-watch")
DOUBLE = "import torch\n\n\ndef fx_double(x):\n    return x * 2\n"
SLOW = DOUBLE.replace("x * 2", "x * 2 + (torch.ones(6000, 6000) @ torch.ones(6000, 6000)).sum() * 0")


@pytest.fixture(scope="module")
def course() -> catalogue.Catalogue:
    return catalogue.load_catalogue([FIXTURE_COURSE])


@pytest.fixture(scope="module")
def worker() -> Iterator[warm.WarmWorker]:
    with warm.WarmWorker() as started:
        yield started


def _stop(session: pexpect.spawn, summary: str) -> None:
    """Ctrl-C, as a learner leaves `try`: the session says `summary` and ends cleanly."""
    session.sendintr()
    session.expect(summary)
    session.expect(pexpect.EOF)
    session.close()
    assert session.exitstatus == 0


@pytest.mark.slow
def test_watch_session_in_a_terminal(tmp_path: Path, vecdrill_home: Path) -> None:
    mine = tmp_path / "work" / "fx-pick.py"
    session = spawn("try", "fx-pick", *DRILLS_ARGS, "--path", str(mine), columns=200, rows=60, timeout=300)
    session.expect("Created .*fx-pick.py.* from the starter")
    session.expect("Waiting for your first save")
    for source, verdict in ((LOOP, "LOOP"), (WRONG, "WRONG"), (RIGHT, "PASS")):
        mine.write_text(source)
        session.expect(verdict)
        session.expect("save again to check again")
    assert "faster than the loop" in session.before or "slower than the loop" in session.before
    assert re.search(r"1 of \d+ drills solved", session.before)
    _stop(session, "Stopped watching fx-pick after 3 checks: solved")
    entry = progress.load().drills["fx-pick"]
    assert entry.solved and entry.attempts == 3 and entry.best_speedup
    assert mine.read_text() == RIGHT


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "waiting", "solved", "summary"),
    [
        (
            "en",
            "Waiting for your first save",
            "1 of 1 drills solved",
            r"Stopped watching fx-pick after 1 check: solved, [0-9.]+x slower than the loop\.",
        ),
        (
            "zh",
            "等待你第一次保存",
            "已通过 1/1 题",
            r"已停止监视 fx-pick，共检查 1 次：已通过，比循环慢 [0-9.]+ 倍。",
        ),
    ],
)
def test_the_summary_of_a_solution_slower_than_the_loop_says_slower(
    tmp_path: Path, lang: str, waiting: str, solved: str, summary: str
) -> None:
    """At a benchmark size of two rows the loop is quick, and a solution that multiplies two
    200x200 matrices on every call (flat work: vectorized, correct) is slower than it."""
    course = tmp_path / "course"
    drill = copy_drill(FIXTURE_COURSE / "fx-pick", course)
    edit(drill / "drill.toml", "bench = { B = 2000, C = 8 }", "bench = { B = 2, C = 8 }")
    mine = tmp_path / "work" / "fx-pick.py"
    args = ["try", "fx-pick", "--drills", str(course), "--path", str(mine), "--no-editor", "--lang", lang]
    session = spawn(*args, columns=200, rows=60, timeout=300)
    session.expect(waiting)
    mine.write_text(
        RIGHT.replace(
            ".squeeze(1)\n", ".squeeze(1) + (torch.ones(200, 200) @ torch.ones(200, 200))[0, 0] * 0\n"
        )
    )
    session.expect(solved)  # the final verdict, after timing: a pass
    _stop(session, summary)


def test_try_opens_the_editor_and_then_checks_the_saved_file(tmp_path: Path) -> None:
    mine, answer = tmp_path / "fx-pick.py", tmp_path / "answer.py"
    answer.write_text(RIGHT)
    editor = tmp_path / "editor.sh"  # an editor that saves a solution into the file it is given
    editor.write_text(f'#!/bin/sh\nsleep 1\ncat "{answer}" > "$1"\n')
    editor.chmod(0o755)
    args = ["try", "fx-pick", *DRILLS_ARGS, "--path", str(mine)]
    session = spawn(*args, columns=200, rows=60, env={"EDITOR": str(editor)}, timeout=300)
    session.expect("Opening .*editor.sh")
    session.expect("PASS")
    session.expect("save again to check again")
    _stop(session, "after 1 check: solved")
    assert mine.read_text() == RIGHT


STARTER = "# vecdrill: fx-double\n" + (FIXTURE_COURSE / "fx-double" / "starter.py").read_text()


@pytest.mark.parametrize(
    ("before", "code", "said", "after"),
    [
        (None, 0, "Created", STARTER),  # the starter below its marker, and the drill shown
        ("# my work in progress\n", 0, "already exists", "# my work in progress\n"),
        (RIGHT, 2, "marked for drill 'fx-pick'", RIGHT),  # a file of another drill is refused
    ],
)
def test_try_makes_the_file_from_the_starter_and_never_overwrites_one(
    tmp_path: Path, before: str | None, code: int, said: str, after: str
) -> None:
    mine = tmp_path / "new" / "double.py"
    if before is not None:
        mine.parent.mkdir()
        mine.write_text(before)
    done = run_cli(*TRY_DOUBLE, "--path", str(mine))
    assert done.returncode == code, done.stderr
    assert said in done.stdout + done.stderr and "Traceback" not in done.stderr
    assert code == 2 or "fx_double(x)" in done.stdout  # the drill is shown when its file is there
    assert mine.read_text() == after


def test_the_default_workspace_is_a_folder_of_its_own_named_at_the_start(vecdrill_home: Path) -> None:
    done = run_cli(*TRY_DOUBLE)
    assert done.returncode == 0, done.stderr
    workspace = vecdrill_home / "workspace"
    assert (workspace / "fx-double.py").read_text().startswith("# vecdrill: fx-double\n")
    assert f"Your drills live in {workspace} (--workspace or VECDRILL_WORKSPACE moves them)." in (done.stdout)
    assert not (REPO / "vecdrill" / "fx-double.py").exists()


def test_the_workspace_is_set_by_its_variable_or_option(tmp_path: Path) -> None:
    by_variable = run_cli(*TRY_DOUBLE, env={paths.WORKSPACE_ENV: str(tmp_path / "mine")})
    assert by_variable.returncode == 0 and (tmp_path / "mine" / "fx-double.py").is_file()
    by_option = run_cli(*TRY_DOUBLE, "--workspace", str(tmp_path / "opt"))
    assert by_option.returncode == 0 and (tmp_path / "opt" / "fx-double.py").is_file()


@pytest.mark.parametrize("inside", ["package", "source"])
def test_a_workspace_inside_a_package_or_the_source_tree_is_refused(tmp_path: Path, inside: str) -> None:
    if inside == "package":
        (tmp_path / "pkg").mkdir()
        (tmp_path / "pkg" / "__init__.py").write_text("")
        chosen, where = tmp_path / "pkg" / "drills", f"inside the Python package {tmp_path / 'pkg'}"
    else:
        chosen, where = REPO / "my-drills", f"inside vecdrill's source tree {REPO}"
    done = run_cli(*TRY_DOUBLE, "--workspace", str(chosen))
    assert done.returncode == 2
    assert done.stderr.startswith(f"Error: the workspace {chosen} is {where}, where your files"), done.stderr
    assert "VECDRILL_WORKSPACE=~/vecdrill-drills" in done.stderr and not chosen.exists()


def test_files_of_the_old_vecdrill_folder_move_once_and_nothing_is_lost(
    tmp_path: Path, vecdrill_home: Path
) -> None:
    """Files that older versions wrote to ./vecdrill/ move into the workspace with a sentence; a
    name the workspace has already stays put (both files kept), and other files are not touched."""
    old, workspace = tmp_path / "vecdrill", vecdrill_home / "workspace"
    old.mkdir()
    (old / "fx-double.py").write_text("# vecdrill: fx-double\n# mine\n")
    (old / "fx-pick.py").write_text("# vecdrill: fx-pick\n# older\n")
    (old / "helpers.py").write_text("# vecdrill: fx-pair\n")  # not named after its drill
    workspace.mkdir()
    (workspace / "fx-pick.py").write_text("# vecdrill: fx-pick\n# newer\n")
    done = run_cli(*TRY_DOUBLE, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert (
        f"Moved your file vecdrill/fx-double.py to {workspace / 'fx-double.py'}: vecdrill keeps your "
        "drills in a folder of their own." in said
    )
    assert f"Left vecdrill/fx-pick.py where it is: {workspace / 'fx-pick.py'} exists already" in said
    assert (workspace / "fx-double.py").read_text() == "# vecdrill: fx-double\n# mine\n"
    assert "already exists; vecdrill keeps it" in said  # the moved file is the one `try` uses
    assert not (old / "fx-double.py").exists()
    assert (old / "fx-pick.py").read_text().endswith("# older\n")
    assert (workspace / "fx-pick.py").read_text().endswith("# newer\n")
    assert (old / "helpers.py").is_file()
    again = run_cli(*TRY_DOUBLE, cwd=tmp_path)
    assert "Moved" not in again.stdout


@pytest.mark.slow
def test_doctor_shows_the_workspace(tmp_path: Path) -> None:
    done = run_cli("doctor", env={paths.WORKSPACE_ENV: str(tmp_path / "mine")})
    assert done.returncode == 0, done.stderr
    assert f"  workspace: {tmp_path / 'mine'} (your drill files;" in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("path", LEARNER_FILES, ids=lambda p: p.stem)
def test_warm_verdict_is_the_golden_one(
    path: Path, course: catalogue.Catalogue, worker: warm.WarmWorker
) -> None:
    result = check(read_source(path), course, CheckOptions(bench=False, timeout=60), worker.run)
    assert result.verdict.value == headers(path)["expect"], result.message
    assert worker.problem is None


@pytest.mark.slow
def test_both_steps_of_a_save_check_the_bytes_the_watcher_read(
    tmp_path: Path, course: catalogue.Catalogue, worker: warm.WarmWorker, vecdrill_home: Path
) -> None:
    """A save rewritten while its first step ran is no part of its second: the timed step checks,
    and the result records, the very bytes the watcher read (the file changing is `settled`'s
    business, which a session asks before it shows anything)."""
    mine = tmp_path / "mine.py"
    mine.write_text(DOUBLE)
    saved = read_source(mine)

    def rewrite(quick: object) -> None:
        mine.write_text(DOUBLE.replace("x * 2", "x * 3"))

    drill = course.get("fx-double")
    result = checks.check_save(saved, drill, course, worker.run, on_correct=rewrite, settled=lambda: True)
    assert result is not None and result.verdict.value == "pass", result and result.message
    assert result.source == DOUBLE.encode() != mine.read_bytes()


@pytest.mark.slow
def test_a_stuck_check_times_out_and_the_zygote_stays(
    tmp_path: Path, course: catalogue.Catalogue, worker: warm.WarmWorker
) -> None:
    slow, right = tmp_path / "slow.py", tmp_path / "right.py"
    slow.write_text(SLOW)
    right.write_text(DOUBLE)
    options = CheckOptions(drill_id="fx-double", bench=False, timeout=10.0)
    check(read_source(right), course, options, worker.run)  # the zygote is up and serving
    zygote = zygote_pid(worker)
    assert check(read_source(slow), course, options, worker.run).verdict.value == "timeout"
    assert check(read_source(right), course, options, worker.run).verdict.value == "pass"
    assert zygote_pid(worker) == zygote


@pytest.mark.slow
def test_a_frozen_zygote_is_killed_and_replaced(course: catalogue.Catalogue) -> None:
    quick = launch.Limits(startup_seconds=5, wall_seconds=5)  # so the backstop acts soon
    with warm.WarmWorker() as plain:
        assert _run_source(plain, course, DOUBLE, "plain", quick).result is not None
        frozen = zygote_pid(plain)
        assert frozen is not None
        os.kill(frozen, signal.SIGSTOP)  # it will never answer again
        stuck = _run_source(plain, course, DOUBLE, "plain", quick)
        assert stuck.timed_out and stuck.result is None
        assert zygote_pid(plain) not in (None, frozen)
        assert _answer(_run_source(plain, course, DOUBLE, "plain")).status == "ok"
    with pytest.raises(ProcessLookupError):
        os.kill(frozen, 0)


def _run_source(
    worker: warm.WarmWorker,
    course: catalogue.Catalogue,
    source: str,
    isolation: str | None = None,
    limits: launch.Limits = PATIENT,
    hide_answers: bool = False,
) -> launch.ChildRun:
    """Send the worker a solution the static gate would refuse, to test what runs behind it."""
    drill = course.get("fx-double")
    report = launch.detect_isolation(isolation)
    hidden = plan.secret_places(drill) if hide_answers else []
    request = worker_request(
        drill,
        hidden=[str(place) for place in hidden] if report.layer is launch.Isolation.PLAIN else [],
        source=source.encode(),
        filename="mine.py",
        cases=[wire.CaseRequest(**c.as_request()) for c in plan.build_cases(drill, ["cpu"], 7)],
        plain_mode=report.layer is not launch.Isolation.BWRAP,
    )
    return worker.run(
        launch.RunRequest(
            wire.WORKER_ARGS, wire.encode_request(request), limits, report, hidden=frozenset(hidden)
        )
    )


def _answer(run: launch.ChildRun) -> wire.ResultHeader:
    assert run.result is not None, run.stderr
    return wire.decode_result(run.result)[0]


@pytest.mark.slow
@pytest.mark.parametrize("isolation", [None, "plain"])
def test_guards_hold_in_a_warm_child(course: catalogue.Catalogue, isolation: str | None) -> None:
    attack = "import os\n\n\ndef fx_double(x):\n    os.kill(os.getppid(), 9)\n    return x * 2\n"
    with warm.WarmWorker() as fresh:
        header = _answer(_run_source(fresh, course, attack, isolation))
        assert header.status == "error" and "PermissionError" in header.message
        assert _answer(_run_source(fresh, course, DOUBLE, isolation)).status == "ok"
        assert fresh.problem is None


@pytest.mark.slow
@pytest.mark.parametrize("isolation", [None, "unshare", "plain"])
def test_a_warm_check_cannot_read_the_answers(course: catalogue.Catalogue, isolation: str | None) -> None:
    folder = course.get("fx-double").folder
    peek = (
        "def fx_double(x):\n"
        "    for name in ('solution.py', 'explain.md'):\n"
        "        try:\n"
        f"            print(name, repr(open({str(folder)!r} + '/' + name).read()))\n"
        "        except OSError as exc:\n"
        "            print(name, type(exc).__name__)\n"
        "    return x * 2\n"
    )
    layer = layer_or_skip(isolation or "default")
    with warm.WarmWorker() as fresh:
        run = _run_source(fresh, course, peek, isolation, hide_answers=True)
        assert fresh.problem is None and _answer(run).status == "ok"
    # Under plain, refused by the guard (by name only: see docs); under bwrap, not in its new root
    # at all; under unshare, covered by an empty folder.
    error = "PermissionError" if layer is launch.Isolation.PLAIN else "FileNotFoundError"
    assert run.stdout.splitlines()[:2] == [f"solution.py {error}", f"explain.md {error}"]


@pytest.mark.slow
def test_a_warm_checks_cpu_budget_starts_at_its_ready_signal(
    course: catalogue.Catalogue, worker: warm.WarmWorker
) -> None:
    # The grandchild starts with the start-up allowance on top of its 1 s budget; at the ready
    # signal the zygote takes the allowance away, so the spin meets the CPU limit long before the
    # 30 s wall clock, as in a cold run.
    spin = "def fx_double(x):\n    while True:\n        pass\n"
    run = _run_source(worker, course, spin, limits=launch.Limits(wall_seconds=30, cpu_seconds=1))
    assert run.cpu_limited and not run.timed_out and not run.memory_suspected
    assert run.startup_seconds < 30 and run.wall_seconds < 25


@pytest.mark.slow
def test_each_warm_check_gets_its_own_random_state(
    course: catalogue.Catalogue, worker: warm.WarmWorker
) -> None:
    draw = (
        "import random\nimport numpy as np\nimport torch\n\n\ndef fx_double(x):\n"
        "    print(random.random(), np.random.rand(), torch.rand(1).item())\n"
        "    return x * 2\n"
    )
    first, second = (_run_source(worker, course, draw).stdout.split()[:3] for _ in range(2))
    for generator, one, other in zip(("random", "numpy", "torch"), first, second, strict=True):
        assert one != other, f"two checks drew the same {generator} numbers"


AGE_AND_SCRATCH = (
    "import os\nimport time\n\n\ndef fx_double(x):\n"
    "    started = int(open('/proc/self/stat').read().rsplit(')', 1)[1].split()[19])\n"
    "    age = time.clock_gettime(time.CLOCK_BOOTTIME) - started / os.sysconf('SC_CLK_TCK')\n"
    "    print(age, os.statvfs('.').f_blocks * os.statvfs('.').f_frsize)\n"
    "    return x * 2\n"
)


@pytest.mark.slow
def test_a_warm_check_runs_in_a_process_forked_before_it_was_asked(course: catalogue.Catalogue) -> None:
    # The zygote forks each check's process ahead, while the learner types (zygote.Spare); a check
    # of another shape (here a scratch size of its own) gets a process made for it instead.
    other = launch.Limits(wall_seconds=60, file_bytes=4 * 1024**2)
    with warm.WarmWorker() as fresh:
        _run_source(fresh, course, DOUBLE)
        time.sleep(2)
        ahead = _run_source(fresh, course, AGE_AND_SCRATCH).stdout.split()
        time.sleep(2)
        reshaped = _run_source(fresh, course, AGE_AND_SCRATCH, limits=other).stdout.split()
        assert fresh.problem is None
    assert float(ahead[0]) > 1.5, "the check's process was forked after the check was asked"
    assert int(ahead[1]) == PATIENT.scratch_bytes
    assert float(reshaped[0]) < 1.5 and int(reshaped[1]) == other.scratch_bytes


def test_the_zygote_asks_for_huge_pages_whatever_its_mapped_files_are_called(tmp_path: Path) -> None:
    # /proc/self/maps names every file the process maps: a learner's folders may be Chinese
    mapped = tmp_path / "练习.bin"
    mapped.write_bytes(bytes(4096))
    done = run_python(
        f"import mmap\nfile = open({str(mapped)!r}, 'rb')\n"
        "held = mmap.mmap(file.fileno(), 0, prot=mmap.PROT_READ)\n"
        "from vecdrill.child import zygote\nzygote._collapse_into_huge_pages()\nprint('asked')\n"
    )
    assert (done.returncode, done.stdout) == (0, "asked\n"), done.stderr


# A SIGKILL nobody else sent, where neither side is pid 1: with a cgroup that saw no memory
# trouble it is a crash, and only without one is it taken for memory (the one rule, both ways).
KILLS_ITSELF = (
    "# vecdrill: fx-double\nimport signal\n\nimport torch\n\n\n"
    "def fx_double(x):\n    signal.raise_signal(signal.SIGKILL)\n    return x * 2\n"
)


@pytest.mark.slow
@pytest.mark.sandbox
def test_hostile_files_get_the_same_verdict_cold_and_warm(
    course: catalogue.Catalogue, tmp_path: Path
) -> None:
    kills_itself = tmp_path / "kills_itself.py"
    kills_itself.write_text(KILLS_ITSELF)
    runs = [*SAME_COLD_AND_WARM, (kills_itself, "plain", "memory" if cgroup.unavailable() else "crash")]
    runs = [run for run in runs if not (Case.load(run[0]).headers.get("needs") and cgroup.unavailable())]
    with ThreadPoolExecutor(max_workers=2) as pool:
        done = pool.map(lambda run: past_gate(run[0], run[1], course, launch.run_sandboxed), runs)
        cold = dict(zip(runs, done, strict=True))
    for layer in dict.fromkeys(layer for _, layer, _ in runs):
        with warm.WarmWorker() as hot:
            mine = [run for run in runs if run[1] == layer]
            past_gate(mine[0][0], layer, course, hot.run)  # starts the zygote that must serve them all
            served = zygote_pid(hot)
            for run in mine:
                path, _, verdict = run
                warm_run = past_gate(path, layer, course, hot.run)
                assert zygote_pid(hot) == served, f"{path.name} did not run warm"
                assert cold[run][0] == verdict, f"{path.name} under {layer}: {cold[run]}"
                assert warm_run == cold[run], f"{path.name} under {layer}"
