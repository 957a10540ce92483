"""The progress store keeps the learner's history through kills, races and damaged files."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import time
from datetime import datetime, timedelta
from pathlib import Path

import platformdirs
import pytest

from tests.harness import FIXTURE_COURSE, REPO, python_child, run_cli, run_python
from vecdrill import paths
from vecdrill.learner import checks, progress
from vecdrill.messages import message
from vecdrill.result.model import FileResult, Verdict

# What each writer script below starts with: the progress file is its first argument.
WRITER = """
import resource, signal, sys
from pathlib import Path
from vecdrill.learner.progress import record_attempt

path = Path(sys.argv[1])
"""

KILL_LOOP = f"""{WRITER}record_attempt("kill-target", passed=False, path=path)
print("started", flush=True)
count = 0
while True:
    count += 1
    record_attempt("kill-target", passed=count % 2 == 0, speedup=float(count), path=path)
"""

CUT_SHORT_WRITER = f"""{WRITER}signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = path.stat().st_size // 2
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
try:
    record_attempt("relu-where", passed=True, path=path)
except OSError:
    sys.exit(0)
sys.exit("the write was expected to fail at the file size limit")
"""

RACING_WRITER = f"""{WRITER}drill_id, count = sys.argv[2], int(sys.argv[3])
sys.stdin.readline()
for _ in range(count):
    record_attempt(drill_id, passed=False, path=path)
"""


@pytest.fixture(autouse=True)
def _cache_follows_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about where VECDRILL_HOME puts things, so the shared test cache steps aside."""
    monkeypatch.delenv(paths.CACHE_ENV, raising=False)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """The progress file a test passes as `path`, not yet written."""
    return tmp_path / "progress.json"


def set_aside_files(progress_path: Path, tag: str) -> list[Path]:
    return sorted(progress_path.parent.glob(f"{progress_path.name}.{tag}-*"))


def test_round_trip_keeps_every_field(store: Path, tmp_path: Path) -> None:
    learner_file = tmp_path / "work" / "gather-logits.py"

    progress.record_attempt("gather-logits", passed=False, path=store)
    first_pass = progress.record_attempt(
        "gather-logits", passed=True, speedup=812.0, file=learner_file, path=store
    )
    progress.record_attempt("gather-logits", passed=True, speedup=5.0, path=store)
    progress.record_attempt("gather-logits", passed=False, speedup=9999.0, path=store)
    progress.record_attempt("gather-logits", passed=True, speedup=float("inf"), path=store)
    progress.record_hint("gather-logits", 2, path=store)
    progress.record_hint("gather-logits", 1, path=store)
    progress.record_hint("relu-where", 1, path=store)

    loaded = progress.load(store)
    drill = loaded.drills["gather-logits"]
    assert loaded.notice is None and drill.solved is True
    assert (drill.attempts, drill.hints_shown, drill.best_speedup) == (5, 2, 812.0)
    assert drill.file == str(learner_file.resolve())
    assert drill.first_solved == first_pass.drills["gather-logits"].first_solved
    for stamp in (drill.first_solved, drill.last_checked):
        assert stamp is not None
        assert datetime.fromisoformat(stamp).utcoffset() == timedelta(0)
    assert loaded.drills["relu-where"] == progress.DrillProgress(hints_shown=1)
    assert progress.solved_ids(loaded) == {"gather-logits"}
    assert json.loads(store.read_text(encoding="utf-8"))["version"] == progress.FORMAT_VERSION


def test_unknown_keys_in_an_entry_survive_a_rewrite(store: Path) -> None:
    entry = {"attempts": 4, "streak": 3, "badges": ["fast"]}
    store.write_text(json.dumps({"version": 1, "drills": {"relu-where": entry}}))

    progress.record_attempt("relu-where", passed=True, path=store)

    rewritten = json.loads(store.read_text())["drills"]["relu-where"]
    assert {key: rewritten[key] for key in entry} == {**entry, "attempts": 5}  # one more attempt


def test_vecdrill_home_holds_everything(vecdrill_home: Path) -> None:
    locations = [paths.data_dir(), paths.cache_dir(), paths.progress_file(), paths.backups_dir()]
    progress.record_attempt("relu-where", passed=True)

    assert all(location.is_relative_to(vecdrill_home) for location in locations)
    assert len(set(locations)) == len(locations)
    assert paths.progress_file().is_file()
    assert progress.solved_ids(progress.load()) == {"relu-where"}


def test_cache_dir_can_move_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "shared-cache"))
    assert paths.cache_dir() == tmp_path / "shared-cache"
    assert paths.data_dir() == tmp_path / "home" / "data"


def test_relative_vecdrill_home_is_pinned_at_the_start_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(paths.HOME_ENV, "state")
    assert paths.data_dir() == tmp_path / "state" / "data"


@pytest.mark.parametrize("home_value", [None, ""])
def test_without_vecdrill_home_the_platform_folders_are_used(
    home_value: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if home_value is None:
        monkeypatch.delenv(paths.HOME_ENV, raising=False)
    else:
        monkeypatch.setenv(paths.HOME_ENV, home_value)
    assert paths.data_dir() == platformdirs.user_data_path("vecdrill", appauthor=False)
    assert paths.cache_dir() == platformdirs.user_cache_path("vecdrill", appauthor=False)
    assert paths.progress_file().parent == paths.data_dir()


def test_reading_creates_nothing_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "home"))

    locations = [paths.data_dir(), paths.cache_dir(), paths.progress_file(), paths.backups_dir()]
    loaded = progress.load()
    explicit = progress.load(tmp_path / "elsewhere" / "progress.json")

    assert loaded == progress.Progress({}) == explicit
    assert all(location.is_relative_to(tmp_path / "home") for location in locations)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("damaged", "tag"),
    [
        (b'{"version": 1, "drills": {"relu-where": {"solved": tr', "corrupt"),
        (b"", "corrupt"),
        (b"\xff\xfe not utf-8", "corrupt"),
        (b"[1, 2, 3]", "corrupt"),
        (b'{"drills": {}}', "corrupt"),
        (b'{"version": true, "drills": {}}', "corrupt"),
        (b'{"version": 1, "drills": []}', "corrupt"),
        (b'{"version": 1, "drills": {"relu-where": "solved"}}', "corrupt"),
        (b'{"version": 1, "drills": {"relu-where": {"attempts": "three"}}}', "corrupt"),
        (b'{"version": 1, "drills": {"relu-where": {"solved": 1}}}', "corrupt"),
        (b'{"version": 7, "drills": {"relu-where": {"stars": 3}}}', "v7"),  # from a newer vecdrill
    ],
)
def test_a_damaged_or_newer_file_is_set_aside_never_lost(
    store: Path, tmp_path: Path, damaged: bytes, tag: str
) -> None:
    store.write_bytes(damaged)

    loaded = progress.load(store)

    [aside] = set_aside_files(store, tag)
    assert loaded.drills == {} and list(tmp_path.glob("progress.json.*-*")) == [aside]  # under one tag
    assert loaded.notice is not None and str(aside) in loaded.notice.text("en")
    assert ("from a newer vecdrill" in loaded.notice.text("en")) == (tag == "v7")
    assert aside.read_bytes() == damaged
    assert not store.exists()

    progress.record_attempt("relu-where", passed=True, path=store)
    assert progress.load(store).notice is None
    assert aside.read_bytes() == damaged


def test_a_write_over_a_damaged_file_reports_it_and_starts_fresh(store: Path) -> None:
    store.write_bytes(b"{oops")

    written = progress.record_attempt("relu-where", passed=True, path=store)

    [aside] = set_aside_files(store, "corrupt")
    assert written.notice is not None and str(aside) in written.notice.text("en")
    assert aside.read_bytes() == b"{oops"
    reloaded = progress.load(store)
    assert reloaded.notice is None and reloaded.drills["relu-where"].attempts == 1


def test_repeated_damage_never_overwrites_an_earlier_set_aside_file(store: Path) -> None:
    damages = [b"first damage", b"second damage", b"third damage"]
    for damage in damages:
        store.write_bytes(damage)
        assert progress.load(store).notice is not None

    kept = sorted(aside.read_bytes() for aside in set_aside_files(store, "corrupt"))
    assert kept == sorted(damages)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_in_the_middle_of_writes_never_tears_the_file(store: Path) -> None:
    bystanders = {f"drill-{n:04d}": {"attempts": n, "file": "x" * 200} for n in range(400)}
    store.write_text(json.dumps({"version": 1, "drills": bystanders}))
    rng = random.Random()
    previous_attempts = 0

    for _ in range(6):
        child = python_child(KILL_LOOP, str(store), stdout=subprocess.PIPE)
        assert child.stdout is not None
        assert child.stdout.readline() == "started\n"
        time.sleep(rng.uniform(0.0, 0.3))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()

        json.loads(store.read_bytes())
        loaded = progress.load(store)
        assert loaded.notice is None
        assert set(bystanders) <= set(loaded.drills)
        attempts = loaded.drills["kill-target"].attempts
        assert attempts > previous_attempts
        previous_attempts = attempts


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs POSIX file size limits")
def test_a_write_cut_short_leaves_the_old_file_whole(store: Path) -> None:
    bystanders = {f"drill-{n:04d}": {"attempts": n} for n in range(200)}
    store.write_text(json.dumps({"version": 1, "drills": bystanders}))
    before = store.read_bytes()

    child = python_child(CUT_SHORT_WRITER, str(store))
    assert child.wait(timeout=60) == 0

    assert store.read_bytes() == before
    progress.record_attempt("relu-where", passed=True, path=store)
    assert progress.load(store).drills["relu-where"].solved


@pytest.mark.slow
def test_concurrent_writers_lose_no_update(store: Path) -> None:
    updates, drill_ids = 200, ("alpha", "beta")
    writers = [
        python_child(RACING_WRITER, str(store), drill_id, str(updates), stdin=subprocess.PIPE)
        for drill_id in drill_ids
    ]
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.close()
    assert [writer.wait(timeout=120) for writer in writers] == [0, 0]

    loaded = progress.load(store)
    attempts = {name: drill.attempts for name, drill in loaded.drills.items()}
    assert loaded.notice is None and attempts == dict.fromkeys(drill_ids, updates)


def test_the_store_stays_light_enough_for_vecdrill_list() -> None:
    probe = "import sys, vecdrill.learner.progress; print(sorted({'torch', 'numpy'} & set(sys.modules)))"
    done = run_python(probe, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("broken", ["progress.json", "progress.json.lock"])
def test_a_progress_store_that_cannot_be_written_costs_the_record_not_the_verdict(
    vecdrill_home: Path, broken: str
) -> None:
    (vecdrill_home / "data" / broken).mkdir(parents=True)  # a folder where a file should be
    passed = message("verdict", "pass")
    result = checks.record(FileResult("a.py", "relu-where", Verdict.PASS, passed), None)
    assert result.verdict is Verdict.PASS and result.message == passed
    (note,) = (said.text("en") for said in result.notes)
    assert note.startswith("this check could not be recorded in your progress (Is a directory: ")
    assert "the verdict stands" in note
    if broken == "progress.json":
        notice = progress.load().notice
        assert notice is not None and notice.text("en") == (
            f"your progress could not be read (Is a directory at {vecdrill_home / 'data' / broken})"
        )


@pytest.mark.slow
def test_a_teacher_checking_hand_ins_with_no_record_leaves_the_progress_alone(tmp_path: Path) -> None:
    """`vecdrill check --no-record` judges the files and records nothing; without it the same
    check counts in the progress of whoever runs it."""
    home = tmp_path / "home"
    hand_in = REPO / "tests" / "learner_files" / "pass_double.py"
    args = ("check", str(hand_in), "--drills", str(FIXTURE_COURSE), "--no-bench")
    teacher = run_cli(*args, "--no-record", env={paths.HOME_ENV: str(home)})
    assert teacher.returncode == 0, teacher.stdout + teacher.stderr
    assert not (home / "data" / "progress.json").exists()
    learner = run_cli(*args, env={paths.HOME_ENV: str(home)})
    assert learner.returncode == 0
    assert progress.solved_ids(progress.load(home / "data" / "progress.json")) == {"fx-double"}
