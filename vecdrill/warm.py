"""A warm worker for watch mode: a re-check forks a torch-loaded zygote instead of starting Python.

`WarmWorker.run` takes `sandbox.run_sandboxed`'s arguments and returns the same `ChildRun`, so
`checker.check_file(..., runner=worker.run)` needs nothing else. The zygote (see `zygote`) is
launched through the same isolation layer, box, environment and cgroup backstop as a cold run, and
each check's grandchild gets that check's limits. Two deadlines guard a check: the zygote kills its
grandchild at the wall limit, and this side kills and relaunches the whole zygote when no answer
comes a little after that. A zygote that dies or cannot start never costs a verdict: that check
runs cold, and after repeated failures every check does, with `problem` saying why.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import IO

from vecdrill import sandbox, zygote
from vecdrill.sandbox import ChildRun, IsolationReport, Limits

WORKER_ARGS = ("-m", "vecdrill.worker")
START_SECONDS = 300.0  # importing torch on a busy machine; after that a check runs cold
BACKSTOP_SECONDS = 5.0  # past a check's wall limit and output drain, the zygote itself is stuck
MAX_FAILURES = 3  # zygotes lost in a row before every check runs cold
_ZYGOTE_LIMITS = Limits()  # the zygote's box and memory backstop; checks bring their own limits
_NO_ENV: Mapping[str, str] = {}


class WarmWorker:
    """One zygote kept for a session; use as a context manager so it never outlives vecdrill."""

    def __init__(self) -> None:
        self._zygote: _Zygote | None = None
        self._lock = threading.Lock()
        self._failures = 0
        self.problem: str | None = None  # set once checks have fallen back to cold runs for good

    def __enter__(self) -> WarmWorker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def zygote_pid(self) -> int | None:
        """The process vecdrill started (bwrap or unshare when those wrap the zygote)."""
        return self._zygote.process.pid if self._zygote else None

    def start(self, isolation: IsolationReport, readable_paths: Sequence[Path] = ()) -> None:
        """Launch the zygote now, so its torch import overlaps whatever the learner does first."""
        with self._lock:
            self._serving(isolation, readable_paths)

    def run(self, args: list[str], request: bytes, *, limits: Limits,
            isolation: IsolationReport, env: Mapping[str, str] = _NO_ENV,
            readable_paths: Sequence[Path] = ()) -> ChildRun:
        """Like `sandbox.run_sandboxed`; only the worker is served warm, anything else runs cold."""
        if tuple(args) != WORKER_ARGS or env or self.problem:
            return sandbox.run_sandboxed(args, request, limits=limits, isolation=isolation,
                                         env=env, readable_paths=readable_paths)
        with self._lock:
            serving = self._serving(isolation, readable_paths)
            started = time.monotonic()
            try:
                run = serving.ask(request, limits)
            except TimeoutError:
                self._relaunch(isolation, serving.readable)
                return _stuck_run(time.monotonic() - started, isolation)
            except (EOFError, OSError, ValueError, KeyError, TypeError) as exc:
                self._lost(serving, exc, isolation)
            else:
                self._failures = 0
                return run
        return sandbox.run_sandboxed(args, request, limits=limits, isolation=isolation,
                                     readable_paths=readable_paths)

    def close(self) -> None:
        if self._zygote is not None:
            self._zygote.close()
            self._zygote = None

    def _serving(self, isolation: IsolationReport, readable: Sequence[Path]) -> _Zygote:
        current = self._zygote
        if current is None or current.layer is not isolation.layer or not current.readable >= set(
                readable):
            self._relaunch(isolation, set(readable) | (current.readable if current else set()))
        assert self._zygote is not None
        return self._zygote

    def _relaunch(self, isolation: IsolationReport, readable: set[Path]) -> None:
        self.close()
        self._zygote = _Zygote(isolation, readable)

    def _lost(self, serving: _Zygote, exc: BaseException, isolation: IsolationReport) -> None:
        """The zygote died or sent nonsense: this check runs cold, and the next gets a new one."""
        log = serving.log_tail()
        self._failures += 1
        self.close()
        if self._failures >= MAX_FAILURES:
            self.problem = (f"the warm checker stopped {self._failures} times ({exc}; {log}), so "
                            "each check now starts a fresh process and takes a few seconds")
        else:
            self._zygote = _Zygote(isolation, serving.readable)


class _Zygote:
    """One launched zygote: its process, control pipes, box, log and optional cgroup."""

    def __init__(self, isolation: IsolationReport, readable: set[Path]) -> None:
        self.layer, self.readable = isolation.layer, readable
        self._box = Path(tempfile.mkdtemp(prefix="vecdrill-warm-"))
        try:
            self._cgroup: sandbox._Cgroup | None = sandbox._Cgroup.create(
                _ZYGOTE_LIMITS.data_bytes + 2 * sandbox._CGROUP_HEADROOM)
        except OSError:
            self._cgroup = None  # the backstop is optional, as for cold runs
        command = sandbox._command(["-m", "vecdrill.zygote"], self._box, isolation.layer,
                                   sorted(readable), sandbox._scratch_bytes(_ZYGOTE_LIMITS))
        env = sandbox._child_env({}, self._box, isolation, _ZYGOTE_LIMITS)
        self._marker = f"{sandbox._MARKER_ENV}={env[sandbox._MARKER_ENV]}".encode()
        zygote_reads, self._requests = os.pipe()
        self._answers, zygote_writes = os.pipe()
        os.set_blocking(self._requests, False)
        self._log: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        prepare = sandbox._child_setup(zygote_reads, zygote_writes,
                                       [(resource.RLIMIT_CORE, 0, 0)], self._cgroup)
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=self._log, stderr=self._log,
                cwd=self._box, env=env, close_fds=False, start_new_session=True,
                preexec_fn=prepare)
        finally:
            os.close(zygote_reads)
            os.close(zygote_writes)
        self._launched = time.monotonic()
        self._ready = False

    def ask(self, request: bytes, limits: Limits) -> ChildRun:
        if not self._ready:
            zygote.receive(self._answers, self._launched + START_SECONDS)
            self._ready = True
        oom_kills = self._cgroup.oom_kills() if self._cgroup else 0
        deadline = (time.monotonic() + limits.wall_seconds + sandbox._DRAIN_GRACE_SECONDS
                    + BACKSTOP_SECONDS)
        zygote.send(self._requests, {"limits": asdict(limits)}, request, deadline)
        answer, result = zygote.receive(self._answers, deadline)
        out_of_memory = self._cgroup is not None and self._cgroup.oom_kills() > oom_kills
        answer["memory_suspected"] = bool(answer["memory_suspected"]) or out_of_memory
        return ChildRun(**answer, result=result or None, isolation=self.layer)

    def log_tail(self) -> str:
        self._log.seek(0)
        said = self._log.read().decode(errors="replace").strip().splitlines()
        return said[-1] if said else "it said nothing"

    def close(self) -> None:
        """Kill the zygote and everything it started, then remove its box and cgroup."""
        sandbox._kill_tree(self.process.pid, self._marker, self._cgroup)
        self.process.wait()
        for fd in (self._requests, self._answers):
            os.close(fd)
        self._log.close()
        if self._cgroup is not None:
            self._cgroup.remove()
        sandbox._remove_box(self._box)


def _stuck_run(seconds: float, isolation: IsolationReport) -> ChildRun:
    """What a check reports when the backstop had to kill the zygote: a timeout."""
    return ChildRun(returncode=None, signal=signal.SIGKILL, timed_out=True, cpu_limited=False,
                    output_limited=False, result_too_large=False, memory_suspected=False,
                    stdout="", stderr="", result=None, wall_seconds=seconds, cpu_seconds=0.0,
                    isolation=isolation.layer)
