"""SIGTERM and SIGHUP end a `vecdrill` run as Ctrl-C does: every child it started is gone within a
second, the reference loop's child (another thread supervises it) and a warm zygote included."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.harness import FIXTURE_COURSE, REPO, copy_drill
from vecdrill import wire
from vecdrill.supervisor import reaper

# A solution that computes for minutes (the gate lets it through: no loop, no banned call).
ENDLESS = (
    b"# vecdrill: fx-double\nimport math\n\n\n"
    b"def fx_double(x):\n    return x * 2 + math.factorial(10**8) % 2\n"
)
# A reference loop that takes ten minutes, as a loop run on a slow device might.
SLOW_LOOP = "import time\n\n\ndef fx_double(x):\n    time.sleep(600)\n    return x * 2\n"


def _descendants(root: int) -> set[int]:
    parents: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                ppid = int(Path(f"/proc/{name}/stat").read_bytes().rsplit(b")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(name))
    found, todo = set(), [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _markers(pids: set[int]) -> set[bytes]:
    """The run markers (`VECDRILL_RUN=...`) these processes carry."""
    prefix = f"{wire.MARKER_ENV}=".encode()
    found = set()
    for pid in pids:
        try:
            entries = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        found |= {entry for entry in entries if entry.startswith(prefix)}
    return found


def _left(markers: set[bytes], pids: set[int]) -> set[int]:
    alive = {pid for pid in pids if reaper._alive(pid)}
    return alive.union(*(reaper.tagged_pids(marker) for marker in markers))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("signum", "copies"),
    [(signal.SIGTERM, 1), (signal.SIGHUP, 2)],
    ids=["sigterm-cold-check", "sighup-warm-batch"],
)
def test_a_signal_ends_every_child_of_the_run_within_a_second(
    tmp_path: Path, signum: int, copies: int
) -> None:
    pack = tmp_path / "pack"
    folder = copy_drill(FIXTURE_COURSE / "fx-double", pack)
    (folder / "loop.py").write_text(SLOW_LOOP)  # a new loop: nothing of it is cached
    files = []
    for index in range(copies):  # two files and one job: a warm pool serves the batch
        files.append(tmp_path / f"endless{index}.py")
        files[-1].write_bytes(ENDLESS)
    command = [sys.executable, "-m", "vecdrill", "check", *map(str, files), "--drills", str(pack)]
    command += ["--device", "cpu", "--no-bench", "--timeout", "300", "--jobs", "1"]
    vecdrill = subprocess.Popen(
        command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    markers: set[bytes] = set()
    try:
        deadline = time.monotonic() + 120
        while len(markers) < 2 and time.monotonic() < deadline:  # the loop's child and the solution's
            time.sleep(0.2)
            markers = _markers(_descendants(vecdrill.pid))
        assert len(markers) >= 2, "vecdrill never started both children"
        time.sleep(1.0)  # let them settle into their work (a zygote forks its grandchild)
        pids = _descendants(vecdrill.pid)
        markers = _markers(pids)
        vecdrill.send_signal(signum)
        signalled = time.monotonic()
        while _left(markers, pids) and time.monotonic() < signalled + 1.0:
            time.sleep(0.02)
        assert not _left(markers, pids), "children of the run outlived it by a second"
        assert vecdrill.wait(timeout=30) == 128 + signum, vecdrill.stderr.read() if vecdrill.stderr else ""
    finally:
        for marker in markers:
            reaper.kill_marked(marker)
        if vecdrill.poll() is None:
            os.killpg(vecdrill.pid, signal.SIGKILL)
            vecdrill.wait()
