"""One atomic write for every file vecdrill rewrites: whole or not at all, and no litter."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.harness import python_child
from vecdrill import files

CUT_SHORT_WRITER = """
import resource, signal, sys
from pathlib import Path
from vecdrill import files

path, temp = Path(sys.argv[1]), sys.argv[2]
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
try:
    files.write_atomic(path, b"new" * 1000, temp=Path(temp) if temp else None)
except OSError:
    sys.exit(0)
sys.exit("the write was expected to fail at the file size limit")
"""

ALTERNATING_WRITER = """
import sys
from pathlib import Path
from vecdrill import files

path = Path(sys.argv[1])
print("started", flush=True)
for i in range(100_000):
    files.write_atomic(path, (b"a" if i % 2 else b"b") * 200_000)
"""


def test_a_write_replaces_the_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    target.write_bytes(b"old")
    files.write_atomic(target, b"new bytes")
    assert target.read_bytes() == b"new bytes"
    files.write_atomic(target, "text, as UTF-8: \u00e9")
    assert target.read_bytes() == "text, as UTF-8: \u00e9".encode()
    files.write_atomic(target, b"fixed temporary", temp=tmp_path / "state.json.tmp")
    assert target.read_bytes() == b"fixed temporary"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_a_new_file_gets_the_usual_mode_not_a_private_one(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    os.umask(umask)
    target = tmp_path / "reset.py"
    files.write_atomic(target, b"x = 1\n")
    assert target.stat().st_mode & 0o777 == 0o644 & ~umask


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs POSIX file size limits")
@pytest.mark.parametrize("fixed_temp", [False, True])
def test_a_write_cut_short_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, fixed_temp: bool
) -> None:
    target = tmp_path / "progress.json"
    target.write_bytes(b"old and whole")
    temp = str(tmp_path / "progress.json.tmp") if fixed_temp else ""

    child = python_child(CUT_SHORT_WRITER, str(target), temp)
    assert child.wait(timeout=60) == 0

    assert target.read_bytes() == b"old and whole"
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]


def test_a_failed_rename_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    (target / "inside").mkdir(parents=True)  # a folder with something in it cannot be replaced
    with pytest.raises(OSError):
        files.write_atomic(target, b"data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]
    assert [p.name for p in target.iterdir()] == ["inside"]


@pytest.mark.slow
def test_a_reader_sees_one_whole_version_or_the_other(tmp_path: Path) -> None:
    target = tmp_path / "cache.vdr"
    files.write_atomic(target, b"b" * 200_000)
    child = python_child(ALTERNATING_WRITER, str(target), stdout=subprocess.PIPE)
    assert child.stdout is not None
    try:
        assert child.stdout.readline() == "started\n"
        seen, reads, deadline = set(), 0, time.monotonic() + 30
        while (reads < 300 or len(seen) < 2) and time.monotonic() < deadline:
            data = target.read_bytes()
            assert data in (b"a" * 200_000, b"b" * 200_000), (len(data), data[:1], data[-1:])
            seen.add(data[:1])
            reads += 1
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
    assert seen == {b"a", b"b"}
