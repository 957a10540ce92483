"""The file watcher of `vecdrill try`: real files and real saves, each seen with the native watcher
(inotify) and with polling (VECDRILL_WATCH=poll, as on a network filesystem)."""

from __future__ import annotations

import functools
import os
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.harness import run_python
from vecdrill.errors import UsageError
from vecdrill.learner import watch
from vecdrill.messages import Message

LIMIT = 30.0  # seconds: a missed save fails the test instead of hanging it


@pytest.fixture(params=watch.MODES)
def mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("VECDRILL_WATCH", request.param)
    return str(request.param)


@pytest.fixture
def notes() -> list[Message]:
    return []


@pytest.fixture
def watcher(tmp_path: Path, mode: str, notes: list[Message]) -> Iterator[watch.FileWatcher]:
    mine = tmp_path / "work" / "mine.py"
    mine.parent.mkdir()
    mine.write_text("first version\n")
    with watch.FileWatcher(mine, notes.append) as opened:
        assert opened.polling == (mode == "poll")
        yield opened


def _settled_save(watcher: watch.FileWatcher, checked: watch.Save | None) -> watch.Save:
    """What `vecdrill try` takes for the next save: a change whose content then settled."""
    while True:  # `checked` stays the last settled content: a save that rewrites it is no change
        saved = watcher.next_change(checked)
        assert saved is not None  # nothing interrupts it here
        if watcher.settled(saved):
            return saved


def _next_save(
    watcher: watch.FileWatcher, checked: watch.Save | None, meanwhile: Callable[[], object] | None = None
) -> watch.Save:
    """`_settled_save` in a thread, with `meanwhile` (the learner saving) run while it waits."""
    found: list[watch.Save] = []
    waiter = threading.Thread(target=lambda: found.append(_settled_save(watcher, checked)), daemon=True)
    waiter.start()
    if meanwhile is not None:
        time.sleep(0.1)  # it is waiting by now
        meanwhile()
    waiter.join(timeout=LIMIT)
    assert found, "the watcher did not notice the save"
    return found[0]


def test_the_first_call_returns_what_is_there(watcher: watch.FileWatcher) -> None:
    assert _next_save(watcher, None) == watch.read_save(watcher.path)


def test_an_in_place_save_is_seen(watcher: watch.FileWatcher) -> None:
    checked = _next_save(watcher, None)
    saved = _next_save(watcher, checked, lambda: watcher.path.write_text("second version\n"))
    assert saved != checked and saved == watch.read_save(watcher.path)


def test_an_atomic_rename_save_is_seen(watcher: watch.FileWatcher) -> None:
    checked = _next_save(watcher, None)

    def rename_over() -> None:
        replacement = watcher.path.with_name(".mine.py.swp")
        replacement.write_text("new content\n")
        os.replace(replacement, watcher.path)

    saved = _next_save(watcher, checked, rename_over)
    assert saved != checked and saved == watch.read_save(watcher.path)


def test_quick_saves_of_the_same_size_are_each_seen(watcher: watch.FileWatcher) -> None:
    mine = watcher.path
    mine.write_text("AAA\n")
    first = _next_save(watcher, None)
    before = mine.stat()
    mine.write_text("BBB\n")  # same size, and put back on the same timestamp
    os.utime(mine, ns=(before.st_atime_ns, before.st_mtime_ns))
    second = _next_save(watcher, first)
    assert second != first
    assert _next_save(watcher, None) == second


def _write_in_pieces(path: Path, pieces: list[str], gaps: list[float]) -> None:
    """One save written piece by piece, flushed each time; `gaps` gets the time between pieces."""
    with open(path, "w", encoding="utf-8") as out:
        for piece in pieces:
            written = time.monotonic()
            out.write(piece)
            out.flush()
            time.sleep(0.003)
            gaps.append(time.monotonic() - written)


def test_a_save_in_pieces_is_seen_once_whole(watcher: watch.FileWatcher) -> None:
    """Pieces written closer together than the settle time make one save, seen when complete."""
    checked: watch.Save | None = _next_save(watcher, None)
    for attempt in range(3):  # a machine that stalls the writer past the settle time proves nothing
        pieces = [f"attempt {attempt}, line {n}\n" for n in range(20)]
        gaps: list[float] = []
        saved = _next_save(watcher, checked, functools.partial(_write_in_pieces, watcher.path, pieces, gaps))
        if max(gaps) < watch.SETTLE_MS / 1000:
            break
        checked = watch.read_save(watcher.path)
    assert watcher.path.read_text() == "".join(pieces)
    assert saved == watch.read_save(watcher.path)


def test_a_change_that_goes_on_after_it_was_reported_has_not_settled(watcher: watch.FileWatcher) -> None:
    """A check starts on the first sight of a change; its verdict must not count when the file was
    still being written (the check may have read half of it)."""
    checked = _next_save(watcher, None)
    with open(watcher.path, "w", encoding="utf-8") as out:
        out.write("the first half of a save\n")
        out.flush()
        half = watcher.next_change(checked)
        out.write("and the second half\n")
    assert half != checked and not watcher.settled(half)
    whole = watcher.next_change(half)
    assert whole == watch.read_save(watcher.path) and watcher.settled(whole)


def test_touching_the_file_or_its_neighbours_is_not_a_save(watcher: watch.FileWatcher) -> None:
    checked = _next_save(watcher, None)
    waiter = threading.Thread(target=_settled_save, args=(watcher, checked), daemon=True)
    waiter.start()
    time.sleep(0.2)  # it is waiting by now
    for n in range(10):  # the same content again, and an editor's files beside it
        watcher.path.write_text("first version\n")
        (watcher.path.parent / f".mine.py.{n}~").write_text("backup\n")
        time.sleep(0.02)
    time.sleep(0.2)
    assert waiter.is_alive(), "the watcher returned although the content did not change"
    watcher.path.write_text("a real change\n")
    waiter.join(timeout=LIMIT)
    assert not waiter.is_alive()


@pytest.mark.parametrize("gone", ["file", "folder"])
def test_a_deleted_file_is_waited_for_and_seen_when_it_is_back(
    watcher: watch.FileWatcher, notes: list[Message], gone: str
) -> None:
    checked = _next_save(watcher, None)

    def delete_then_recreate() -> None:
        if gone == "file":
            watcher.path.unlink()
        else:
            shutil.rmtree(watcher.path.parent)
        deadline = time.monotonic() + LIMIT
        while not notes and time.monotonic() < deadline:
            time.sleep(0.05)
        watcher.path.parent.mkdir(exist_ok=True)
        watcher.path.write_text("written again\n")

    saved = _next_save(watcher, checked, delete_then_recreate)
    assert saved == watch.read_save(watcher.path) != checked
    said = [f"{watcher.path} is gone; vecdrill waits for it to come back (Ctrl-C to stop)"]
    assert [note.text("en") for note in notes] == said
    again = _next_save(watcher, saved, lambda: watcher.path.write_text("and once more\n"))
    assert again not in (saved, checked)  # still watched after the folder came back


FALL_BACK = """
import os, resource, threading
from pathlib import Path
from vecdrill.learner import watch

path, notes = Path(os.environ["WATCHED"]), []
path.write_text("one\\n")
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
free = os.dup(0)
os.close(free)
resource.setrlimit(resource.RLIMIT_NOFILE, (free + 1, hard))  # one more fd: too few for inotify
try:
    watcher = watch.FileWatcher(path, notes.append).__enter__()
finally:
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
first = watcher.next_change(None)
threading.Timer(0.1, lambda: path.write_text("two\\n")).start()
second = watcher.next_change(first)
while not watcher.settled(second):
    second = watcher.next_change(first)
said = [note.text(lang) for note in notes for lang in ("en", "zh")]
print(watcher.polling, second == watch.read_save(path), said)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="inotify and RLIMIT_NOFILE are Linux's")
def test_the_watcher_polls_when_the_native_one_cannot_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("VECDRILL_WATCH", raising=False)
    done = run_python(FALL_BACK, env={"WATCHED": str(tmp_path / "mine.py")}, timeout=60)
    assert done.returncode == 0, done.stderr
    polling, seen, said = done.stdout.split(" ", 2)
    assert (polling, seen) == ("True", "True")
    assert "The native file watcher failed" in said and f"polls {tmp_path} every" in said
    assert "系统自带的文件监视失败了" in said and f"轮询一次 {tmp_path}" in said


def test_an_unknown_watch_mode_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VECDRILL_WATCH", "inotify")
    with pytest.raises(UsageError, match="VECDRILL_WATCH='inotify' is not one of native, poll"):
        watch.FileWatcher(tmp_path / "mine.py", print)
