"""The hostile corpus's world, shared by the tests that run it (test_corpus.py, and the API, `try`
and `grade` tests that must give its cases the same verdicts): a case file and its headers, the
folder of things a run must not touch, what a run left behind (files changed, processes alive: the
sandbox tests ask too), the layer a batch runs in, and the cases that must end alike cold and warm.
The headers are described in test_corpus.py."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import socket
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.harness import FIXTURE_COURSE, REPO, headers
from vecdrill import paths
from vecdrill.checking import pipeline
from vecdrill.checking.pipeline import CheckOptions, Runner
from vecdrill.checking.submission import Source
from vecdrill.content import catalogue
from vecdrill.sandbox import launch

GATED = REPO / "tests" / "corpus"
UNGATED = REPO / "tests" / "corpus_ungated"
TIMEOUT = "4"


@dataclass(frozen=True)
class Case:
    path: Path
    headers: dict[str, str]

    @classmethod
    def load(cls, path: Path) -> Case:
        return cls(path, headers(path))

    def expected(self, guarded: bool, layer: str = "") -> tuple[str, str | None]:
        if f"expect-{layer}" in self.headers:
            return self.headers[f"expect-{layer}"], self.headers.get(f"message-{layer}")
        if guarded and "expect-guarded" in self.headers:
            return self.headers["expect-guarded"], self.headers.get("message-guarded")
        return self.headers["expect"], self.headers.get("message")

    def runs_on(self, layer: str) -> bool:
        return layer == "default" or self.headers.get("layers") == "all"


class World:
    """Everything a corpus run may touch or must not, below one fresh folder in /tmp."""

    def __init__(self) -> None:
        self.root = Path(f"/tmp/vecdrill-corpus-{uuid.uuid4().hex[:12]}")
        self.victim, self.home = self.root / "victim", self.root / "home"
        for folder in (self.victim, self.home / ".ssh", self.root / "tmp"):
            folder.mkdir(parents=True)
        (self.victim / "keep.txt").write_text("precious\n")
        (self.victim / "notes.md").write_text("# do not touch\n")
        (self.home / ".bashrc").write_text("export PS1='$ '\n")
        (self.home / ".ssh" / "id_ed25519").write_text("not a real key\n")
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.setblocking(False)
        self.secret = uuid.uuid4().hex
        self.cache = Path(os.environ[paths.CACHE_ENV])  # conftest sets it
        self.stray = shutil.copytree(FIXTURE_COURSE, self.root / "stray-copy")
        self._before = fingerprint(self.victim, self.home)

    def close(self) -> None:
        self.listener.close()
        shutil.rmtree(self.root, ignore_errors=True)

    def copy(self, case_path: Path, folder: Path) -> Path:
        """The case with its placeholders filled in, in `folder`."""
        text = case_path.read_text(encoding="utf-8")
        for name, value in (
            ("VICTIM", self.victim),
            ("HOME", self.home),
            ("COURSE", FIXTURE_COURSE),
            ("PORT", self.listener.getsockname()[1]),
            ("CACHE", self.cache),
            ("DATA", paths.data_dir()),
            ("STRAY", self.stray),
            ("SECRET", self.secret),
        ):
            text = text.replace(f"@{name}@", str(value))
        folder.mkdir(parents=True, exist_ok=True)
        copy = folder / case_path.name
        copy.write_text(text, encoding="utf-8")
        return copy

    def damage(self) -> list[str]:
        """What a batch left behind: live processes, changed files, a connection."""
        needle = str(self.root).encode()  # in a process's command line or environment
        marked = live_processes(
            lambda proc: any(needle in (proc / part).read_bytes() for part in ("cmdline", "environ"))
        )
        problems = [f"process {process} outlived the run" for process in marked]
        if fingerprint(self.victim, self.home) != self._before:
            problems.append(f"files below {self.victim} or {self.home} changed")
        try:
            connection, _ = self.listener.accept()
            connection.close()
            problems.append("the listener on 127.0.0.1 was reached")
        except BlockingIOError:
            pass
        return problems


def fingerprint(*folders: Path) -> list[tuple[str, int, str]]:
    """Every path below `folders` (and they themselves), with its mode and its content's hash."""
    return sorted(
        (
            str(path),
            path.lstat().st_mode,
            "" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest(),
        )
        for folder in folders
        for path in [folder, *folder.rglob("*")]
    )


def live_processes(picked: Callable[[Path], bool]) -> list[str]:
    """Each live process but this one whose /proc folder `picked` accepts, as "PID: its command
    line"; zombies, and processes that end while they are read, are not."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == os.getpid():
            continue
        with contextlib.suppress(OSError, IndexError):
            state = (proc / "stat").read_bytes().rsplit(b")", 1)[1].split()[0]
            if state not in (b"Z", b"X") and picked(proc):
                command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                found.append(f"{proc.name}: {command}")
    return found


def layer_or_skip(layer: str) -> launch.Isolation:
    """The layer a batch runs in ("default": the strongest); skips a layer the machine lacks."""
    try:
        return launch.detect_isolation(None if layer == "default" else layer).layer
    except ValueError as exc:
        pytest.skip(str(exc))


# Hostile files that reach the child, by layer (None: the default one), with the verdict each must
# get both ways (a cold bwrap or unshare child is pid 1 of its namespace, and so is each warm check
# there; under plain neither is).
SAME_COLD_AND_WARM: list[tuple[Path, str | None, str]] = [
    (GATED / "memory_python_list.py", None, "memory"),  # MemoryError under RLIMIT_DATA, from the worker
    (GATED / "memory_torch_empty.py", None, "memory"),
    (UNGATED / "memory_grows_step_by_step.py", None, "memory"),
    (UNGATED / "memory_shared_mmap.py", None, "memory"),  # the cgroup's OOM kill: a SIGKILL read as memory
    (GATED / "loop_while_true.py", None, "timeout"),  # the gate would stop it; past it, the wall clock
    (UNGATED / "timeout_long_sleep.py", None, "timeout"),
    (GATED / "output_print_flood.py", None, "output-limit"),
    (GATED / "output_huge_result.py", None, "output-limit"),
    (UNGATED / "output_huge_stderr_line.py", None, "output-limit"),
    (GATED / "error_system_exit.py", None, "error"),
    (GATED / "error_keyboard_interrupt.py", None, "error"),
    (UNGATED / "error_fork_bomb.py", None, "error"),
    (UNGATED / "crash_os_exit.py", None, "crash"),
    (UNGATED / "crash_segfault.py", None, "crash"),
    (UNGATED / "crash_abort.py", None, "crash"),
    (GATED / "memory_torch_empty.py", "plain", "memory"),
    (UNGATED / "timeout_busy_loop.py", "plain", "timeout"),
    (GATED / "output_print_flood.py", "plain", "output-limit"),
]


def past_gate(
    path: Path, layer: str | None, course: catalogue.Catalogue, runner: Runner
) -> tuple[str, str, bool, bool, bool]:
    """A hostile file's verdict, message and how its run ended (memory suspected, timed out, output
    limited), run past the gate by `runner` on the CPU as its headers say."""
    case = Case.load(path)
    drill = course.get(case.headers["vecdrill"])
    timeout = float(case.headers.get("timeout", TIMEOUT))
    options = CheckOptions(drill_id=drill.id, device="cpu", bench=False, timeout=timeout, isolation=layer)
    runs: list[launch.ChildRun] = []

    def recorded(run: launch.RunRequest) -> launch.ChildRun:
        runs.append(runner(run))
        return runs[-1]

    result = pipeline.check_past_gate(Source(path, path.read_bytes()), drill, options, recorded)
    (run,) = runs
    return (
        result.verdict.value,
        result.message.text("en"),
        run.memory_suspected,
        run.timed_out,
        run.output_limited,
    )
