"""A warm worker for watch mode: a re-check forks a torch-loaded zygote instead of starting Python.

`WarmWorker.run` takes `launch.run_sandboxed`'s arguments and returns the same `ChildRun`, so
`checker.check_file(..., runner=worker.run)` needs nothing else. The zygote (see `zygote`) is
launched through the same isolation layer, box, environment and cgroup backstop as a cold run, and
each check's grandchild gets that check's limits. Two deadlines guard a check: the zygote kills its
grandchild at the wall limit, and this side kills and relaunches the whole zygote when no answer
comes a little after that. A zygote that dies or cannot start never costs a verdict: that check
runs cold, and after repeated failures every check does, with `problem` saying why.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO

from vecdrill.child import zygote
from vecdrill.sandbox import launch
from vecdrill.sandbox.isolation import IsolationReport
from vecdrill.sandbox.launch import ChildRun
from vecdrill.supervisor import reaper
from vecdrill.supervisor.limits import Limits
from vecdrill.supervisor.pipes import DRAIN_GRACE_SECONDS

WORKER_ARGS = ("-m", "vecdrill.child.worker")
START_SECONDS = 300.0  # importing torch on a busy machine; after that a check runs cold
BACKSTOP_SECONDS = 5.0  # past a check's wall limit and output drain, the zygote itself is stuck
MAX_FAILURES = 3  # zygotes lost in a row before every check runs cold
_ZYGOTE_LIMITS = Limits()  # the zygote's box and memory backstop; checks bring their own limits
_NO_ENV: Mapping[str, str] = {}
_NOTHING_HIDDEN: Mapping[Path, Path | None] = {}


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

    def run(
        self,
        args: list[str],
        request: bytes,
        *,
        limits: Limits,
        isolation: IsolationReport,
        env: Mapping[str, str] = _NO_ENV,
        readable_paths: Sequence[Path] = (),
        hidden_paths: Mapping[Path, Path | None] = _NOTHING_HIDDEN,
    ) -> ChildRun:
        """Like `launch.run_sandboxed`; only the worker is served warm, anything else runs cold."""
        if tuple(args) == WORKER_ARGS and not env and not self.problem:
            wanted = _Layout(isolation, frozenset(readable_paths), dict(hidden_paths))
            with self._lock:
                started = time.monotonic()
                try:
                    serving = self._serving(wanted)
                    run = serving.ask(request, limits)
                except _Stuck:
                    with contextlib.suppress(OSError):  # else the next check relaunches it
                        self._relaunch(serving.layout)
                    return _stuck_run(time.monotonic() - started, isolation)
                except (EOFError, OSError, ValueError, KeyError, TypeError) as exc:
                    self._lost(exc, wanted)
                else:
                    self._failures = 0
                    return run
        return launch.run_sandboxed(
            args,
            request,
            limits=limits,
            isolation=isolation,
            env=env,
            readable_paths=readable_paths,
            hidden_paths=hidden_paths,
        )

    def close(self) -> None:
        if self._zygote is not None:
            self._zygote.close()
            self._zygote = None

    def _serving(self, wanted: _Layout) -> _Zygote:
        """The zygote, relaunched if its box lacks what this check needs (a drill folder to
        read, other files to hide, another isolation layer)."""
        if self._zygote is None or not self._zygote.layout.covers(wanted):
            self._relaunch(wanted)
        assert self._zygote is not None
        return self._zygote

    def _relaunch(self, layout: _Layout) -> None:
        self.close()
        self._zygote = _Zygote(layout)

    def _lost(self, exc: BaseException, layout: _Layout) -> None:
        """The zygote died, never got ready or could not start: this check runs cold, the next
        gets a new zygote, and after MAX_FAILURES in a row every check runs cold."""
        said = self._zygote.log_tail() if self._zygote else "it did not start"
        self._failures += 1
        self.close()
        if self._failures >= MAX_FAILURES:
            self.problem = (
                f"the warm checker stopped {self._failures} times ({exc}; {said}), so "
                "each check now starts a fresh process and takes a few seconds"
            )
            return
        with contextlib.suppress(OSError):
            self._relaunch(layout)


@dataclass(frozen=True)
class _Layout:
    """What a zygote's box is built from; the same for every check of one drill."""

    isolation: IsolationReport
    readable: frozenset[Path]
    hidden: Mapping[Path, Path | None]

    def covers(self, wanted: _Layout) -> bool:
        return (
            self.isolation.layer is wanted.isolation.layer
            and self.hidden == wanted.hidden
            and self.readable >= wanted.readable
        )


class _Stuck(Exception):
    """The zygote took a request and did not answer in time: kill it and start another."""


class _Zygote:
    """One launched zygote: its process, control pipes, box, log and optional cgroup."""

    def __init__(self, layout: _Layout) -> None:
        self.layout = layout
        self._box = Path(tempfile.mkdtemp(prefix="vecdrill-warm-"))
        try:
            self._cgroup: reaper.Cgroup | None = reaper.Cgroup.create(
                _ZYGOTE_LIMITS.data_bytes + 2 * reaper.CGROUP_HEADROOM
            )
        except OSError:
            self._cgroup = None  # the backstop is optional, as for cold runs
        hidden = launch.resolve_hidden(layout.hidden)
        command = launch.child_command(
            ["-m", "vecdrill.child.zygote"],
            self._box,
            layout.isolation.layer,
            sorted(layout.readable),
            _ZYGOTE_LIMITS.scratch_bytes,
            hidden,
        )
        env = launch.child_environment({}, self._box, layout.isolation, _ZYGOTE_LIMITS, hidden)
        self._marker = launch.run_marker(env)
        zygote_reads, self._requests = os.pipe()
        self._answers, zygote_writes = os.pipe()
        os.set_blocking(self._requests, False)
        self._log: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        prepare = launch.child_setup(
            zygote_reads, zygote_writes, [(resource.RLIMIT_CORE, 0, 0)], self._cgroup
        )
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=self._log,
                cwd=self._box,
                env=env,
                close_fds=False,
                start_new_session=True,
                preexec_fn=prepare,
            )
        except BaseException:
            self._release()
            raise
        finally:
            os.close(zygote_reads)
            os.close(zygote_writes)
        self._launched = time.monotonic()
        self._ready = False

    def ask(self, request: bytes, limits: Limits) -> ChildRun:
        if not self._ready:
            try:
                zygote.receive(self._answers, self._launched + START_SECONDS)
            except TimeoutError:
                raise EOFError(f"not ready after {START_SECONDS:g} s") from None
            self._ready = True
        oom_kills = self._cgroup.oom_kills() if self._cgroup else 0
        deadline = (
            time.monotonic()
            + limits.startup_seconds
            + limits.wall_seconds
            + DRAIN_GRACE_SECONDS
            + BACKSTOP_SECONDS
        )
        try:
            zygote.send(self._requests, {"limits": asdict(limits)}, request, deadline)
            answer, result = zygote.receive(self._answers, deadline)
        except TimeoutError:
            raise _Stuck from None
        stray_kill = bool(answer.pop("stray_kill"))
        out_of_memory = (
            self._cgroup.oom_kills() > oom_kills if self._cgroup is not None else stray_kill
        )  # as a cold run judges it
        return ChildRun(
            **answer,
            memory_suspected=out_of_memory,
            result=result or None,
            isolation=self.layout.isolation.layer,
        )

    def log_tail(self) -> str:
        self._log.seek(0)
        said = self._log.read().decode(errors="replace").strip().splitlines()
        return said[-1] if said else "it said nothing"

    def close(self) -> None:
        """Kill the zygote and everything it started, then remove its box and cgroup."""
        reaper.kill_tree(self.process.pid, self._marker, self._cgroup)
        self.process.wait()
        self._release()

    def _release(self) -> None:
        for fd in (self._requests, self._answers):
            os.close(fd)
        self._log.close()
        if self._cgroup is not None:
            self._cgroup.remove()
        reaper.remove_box(self._box)


def _stuck_run(seconds: float, isolation: IsolationReport) -> ChildRun:
    """What a check reports when the backstop had to kill the zygote: a timeout."""
    return ChildRun(
        returncode=None,
        signal=signal.SIGKILL,
        timed_out=True,
        cpu_limited=False,
        output_limited=False,
        result_too_large=False,
        memory_suspected=False,
        stdout="",
        stderr="",
        result=None,
        wall_seconds=seconds,
        cpu_seconds=0.0,
        isolation=isolation.layer,
    )
