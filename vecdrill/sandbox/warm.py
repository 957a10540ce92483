"""A warm worker for watch mode: a re-check forks a torch-loaded zygote instead of starting Python.

`WarmWorker.run` takes `launch.run_sandboxed`'s `RunRequest` and returns the same `ChildRun`, so
a check given `runner=worker.run` needs nothing else. The zygote (see `child.zygote`)
is launched through the same isolation layer, box, environment and cgroup backstop as a cold run;
each check's grandchild gets that check's limits and is prepared and watched by the same
`supervisor` code as a cold child, and how it ended is judged here by the same `ended.classify`,
with the zygote's cgroup counters before and after the check as its memory evidence. Two deadlines
guard a check: the zygote kills its grandchild at the wall limit, and this side kills and relaunches
the whole zygote when no answer comes a little after that. A zygote that dies or cannot start never
costs a verdict: that check runs cold, and after repeated failures every check does, with `problem`
saying why.

`WarmPool` serves a batch (`vecdrill check --jobs N`, `vecdrill grade`): one such worker per job,
each zygote launched at once with a layout that covers every drill of the batch, so a batch moving
between drills never relaunches one. A stuck or lost zygote is replaced by its own worker, as above.
"""

from __future__ import annotations

import contextlib
import os
import queue
import resource
import secrets
import signal
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

from vecdrill import wire
from vecdrill.sandbox import ended, launch, stopping
from vecdrill.sandbox.cgroup import CGROUP_HEADROOM
from vecdrill.sandbox.ended import ChildRun
from vecdrill.sandbox.isolation import Isolation, IsolationReport
from vecdrill.sandbox.launch import Layout, RunRequest
from vecdrill.supervisor import reaper, supervise
from vecdrill.supervisor.channels import DRAIN_GRACE_SECONDS
from vecdrill.supervisor.limits import Limits

START_SECONDS = 300.0  # importing torch on a busy machine; after that a check runs cold
BACKSTOP_SECONDS = 5.0  # past a check's wall limit and output drain, the zygote itself is stuck
MAX_FAILURES = 3  # zygotes lost in a row before every check runs cold
_ZYGOTE_LIMITS = Limits()  # the zygote's box and memory backstop; checks bring their own limits


class WarmWorker(contextlib.AbstractContextManager["WarmWorker"]):
    """One zygote kept for a session; use as a context manager so it never outlives vecdrill.
    With a `layout` the zygote starts now, boxed to serve every check that layout covers."""

    def __init__(self, layout: Layout | None = None) -> None:
        self._zygote: _Zygote | None = None
        self._layout = layout  # what the zygote is (or will be) launched with
        self._lock = threading.Lock()
        self._failures = 0
        self.problem: str | None = None  # set once checks have fallen back to cold runs for good
        if layout is not None:
            with contextlib.suppress(OSError):  # else the first check launches it, or runs cold
                self._relaunch(layout)

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def run(self, run: RunRequest) -> ChildRun:
        """Like `launch.run_sandboxed`; only the worker is served warm, anything else runs cold."""
        if run.args == wire.WORKER_ARGS and not self.problem:
            wanted = run.layout
            with self._lock:
                started = time.monotonic()
                layout = self._layout_for(wanted)
                try:
                    ended_run = self._serving(layout).ask(run.payload, run.limits)
                except _Stuck:
                    with contextlib.suppress(OSError):  # else the next check relaunches it
                        self._relaunch(layout)
                    return _stuck_run(time.monotonic() - started, run.isolation)
                except (EOFError, OSError, wire.ProtocolError) as exc:  # a forged answer among them
                    self._lost(exc, layout)
                else:
                    self._failures = 0
                    return ended_run
        return launch.run_sandboxed(run)

    def close(self) -> None:
        if self._zygote is not None:
            self._zygote.close()
            self._zygote = None

    def _layout_for(self, wanted: Layout) -> Layout:
        """The box this check runs in: the worker's own when it covers the check, else one that
        also covers the check (a drill folder to read, other files to hide), or the check's alone
        under another isolation layer."""
        current = self._layout
        if current is None or current.isolation.layer is not wanted.isolation.layer:
            return wanted
        return current if current.covers(wanted) else current.merged(wanted)

    def _serving(self, layout: Layout) -> _Zygote:
        """The zygote, relaunched if it was launched with another layout (or not at all)."""
        if self._zygote is None or self._zygote.layout is not layout:
            self._relaunch(layout)
        assert self._zygote is not None
        return self._zygote

    def _relaunch(self, layout: Layout) -> None:
        self.close()
        self._layout = layout
        self._zygote = _Zygote(layout)

    def _lost(self, exc: BaseException, layout: Layout) -> None:
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


class WarmPool(contextlib.AbstractContextManager["WarmPool"]):
    """One warm worker per job for a batch of checks; `run` is a `Runner` that hands each check
    to a free worker. Use as a context manager so no zygote outlives the batch."""

    def __init__(self, size: int, layout: Layout) -> None:
        self.workers = [WarmWorker(layout) for _ in range(size)]
        self._idle: queue.SimpleQueue[WarmWorker] = queue.SimpleQueue()
        for worker in self.workers:
            self._idle.put(worker)

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def run(self, run: RunRequest) -> ChildRun:
        """`WarmWorker.run` on whichever worker is free (waiting for one when all are busy)."""
        worker = self._idle.get()
        try:
            return worker.run(run)
        finally:
            self._idle.put(worker)

    def close(self) -> None:
        for worker in self.workers:
            worker.close()


class _Stuck(Exception):
    """The zygote took a request and did not answer in time: kill it and start another."""


class _Zygote:
    """One launched zygote: its process, control sockets, box, log and optional cgroup.

    Its control channels are socket pairs, not pipes: a pipe can be opened again through
    `/proc/PID/fd`, a socket cannot, so even a process that reached the zygote's fds could not
    write an answer into them. Each check's order and answer carry the same fresh ticket.
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        reaper.reap_stale_boxes()
        self._box = Path(tempfile.mkdtemp(prefix=reaper.owned_name("warm")))
        self._cgroup = launch.backstop(_ZYGOTE_LIMITS.data_bytes + 2 * CGROUP_HEADROOM)
        hidden = launch.resolve_hidden(sorted(layout.hidden))
        command = launch.child_command(
            ["-m", wire.ZYGOTE_MODULE],
            self._box,
            layout.isolation.layer,
            sorted(layout.readable),
            _ZYGOTE_LIMITS.scratch_bytes,
            hidden,
            zygote=True,
        )
        env = launch.child_environment(self._box, layout.isolation, _ZYGOTE_LIMITS)
        self._marker = wire.run_marker(env)
        zygote_reads, self._requests = _one_way_socket()
        self._answers, zygote_writes = _one_way_socket()
        os.set_blocking(self._requests, False)
        self._log: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        prepare = supervise.child_setup(
            {wire.REQUEST_FD: zygote_reads, wire.RESULT_FD: zygote_writes},
            [(resource.RLIMIT_CORE, 0, 0)],
            self._cgroup.procs_files() if self._cgroup is not None else (),
        )
        self._stop: stopping.Run | None = None
        try:
            self._stop = stopping.start(self._marker, self._cgroup.pids if self._cgroup else tuple)
            self.process = launch.popen(command, env, self._box, self._log, self._log, prepare)
        except BaseException:
            self._release()
            raise
        finally:
            os.close(zygote_reads)
            os.close(zygote_writes)
        stopping.started(self._stop, self.process.pid)
        self._launched = time.monotonic()
        self.own_namespaces: bool | None = None  # known once the zygote is ready

    def ask(self, request: bytes, limits: Limits) -> ChildRun:
        if self.own_namespaces is None:
            try:
                header, _ = wire.receive(self._answers, self._launched + START_SECONDS)
            except TimeoutError:
                raise EOFError(f"not ready after {START_SECONDS:g} s") from None
            self.own_namespaces = wire.decode_message(header, wire.Ready).own_pid_namespaces
        before = self._cgroup.counters() if self._cgroup is not None else None
        deadline = (
            time.monotonic()
            + limits.startup_seconds
            + limits.wall_seconds
            + DRAIN_GRACE_SECONDS
            + BACKSTOP_SECONDS
        )
        ticket = wire.Ticket(secrets.token_hex(16))
        try:
            wire.send(self._requests, wire.encode_message(ticket), b"", deadline)
            wire.send(self._requests, wire.encode_message(limits), request, deadline)
            handed_back, _ = wire.receive(self._answers, deadline)
            header, result = wire.receive(self._answers, deadline)
        except TimeoutError:
            raise _Stuck from None
        if wire.decode_message(handed_back, wire.Ticket) != ticket:
            raise wire.ProtocolError("the warm checker's answer did not carry this check's ticket")
        end = wire.decode_message(header, supervise.ChildEnd)
        memory = None
        if self._cgroup is not None and before is not None:
            memory = self._cgroup.counters().rose_since(before)
        layer = self.layout.isolation.layer  # the zygote waits on the grandchild: no launcher between
        return ended.classify(end, result or None, layer=layer, wrapper=Isolation.PLAIN, memory=memory)

    def log_tail(self) -> str:
        self._log.seek(0)
        said = self._log.read().decode(errors="replace").strip().splitlines()
        return said[-1] if said else "it said nothing"

    def close(self) -> None:
        """Kill the zygote and everything it started, then remove its box and cgroup."""
        reaper.kill_tree(self.process.pid, self._marker, self._cgroup.pids if self._cgroup else tuple)
        self.process.wait()
        self._release()

    def _release(self) -> None:
        if self._stop is not None:
            stopping.finish(self._stop)
        for fd in (self._requests, self._answers):
            os.close(fd)
        self._log.close()
        if self._cgroup is not None:
            self._cgroup.remove()
        reaper.remove_box(self._box)


def _one_way_socket() -> tuple[int, int]:
    """(read end, write end) of a stream socket pair used one way, as `os.pipe()` returns."""
    reading, writing = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    reading.shutdown(socket.SHUT_WR)
    writing.shutdown(socket.SHUT_RD)
    return reading.detach(), writing.detach()


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
