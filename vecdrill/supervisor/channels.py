"""Traffic with a sandboxed child over pipes, none of which it can use to hang or flood us.

A run's pipes are made before the child starts (`RunPipes`): the child takes its ends at the fds
the child contract names. The request goes in without blocking; stdout, stderr and the result come
out into captures that keep only their first bytes and count the rest; an optional ready socket
says when the child has finished starting up, then carries its marks (`Mark`) and their answers.
One selector serves them all, woken too when the child exits.
"""

from __future__ import annotations

import contextlib
import enum
import os
import selectors
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

from vecdrill import wire
from vecdrill.supervisor.limits import Limits

DRAIN_GRACE_SECONDS = 2.0
_CHUNK = 64 * 1024
_POLL_SECONDS = 0.02  # where pidfd_open is missing, how often to look for the child's exit
_MARKS = 64  # a child that writes more marks than a check needs gets no more of them read


@dataclass(frozen=True)
class Mark:
    """A byte the child wrote on its ready pipe after the ready signal (`guard.mark`), and the CPU
    time its processes had used when it arrived, read from outside them: the parent's own
    measure of what the child did between two marks, which no code in the child can forge."""

    byte: str
    cpu_seconds: float


class Stop(enum.Enum):
    """Why `pump` returned."""

    EXITED = "exited"
    READY = "ready"
    DEADLINE = "deadline"
    CAPPED = "capped"  # output or result went over its cap


@dataclass(frozen=True)
class RunPipes:
    """One run's pipes: the child's ends, by the fd each takes in the child, and the parent's."""

    child_ends: dict[int, int]  # fd in the child -> fd here
    request: int
    stdout: int
    stderr: int
    result: int
    ready: int | None  # None: no start-up phase, so no ready signal; else a socket, both ways

    @classmethod
    def open(cls, with_ready: bool) -> RunPipes:
        request_read, request_write = os.pipe()
        result_read, result_write = os.pipe()
        stdout_read, stdout_write = os.pipe()
        stderr_read, stderr_write = os.pipe()
        ends = {1: stdout_write, 2: stderr_write, wire.REQUEST_FD: request_read, wire.RESULT_FD: result_write}
        ready = None
        if with_ready:  # the ready byte and the marks come in, each mark's acknowledgement goes out
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            ready, ends[wire.READY_FD] = ours.detach(), theirs.detach()
        return cls(ends, request_write, stdout_read, stderr_read, result_read, ready)

    def close_child_ends(self) -> None:
        """In the parent, once the child has them (or will never start)."""
        for fd in self.child_ends.values():
            os.close(fd)

    def close_parent_ends(self) -> None:
        """Where the child never started."""
        for fd in (self.request, self.stdout, self.stderr, self.result, self.ready):
            if fd is not None:
                os.close(fd)


@dataclass(frozen=True)
class Captured:
    """A stream as the child left it: its first bytes, and how many bytes it had in all."""

    kept: bytes
    total: int

    def without_suffix(self, suffix: bytes) -> Captured | None:
        """The stream without `suffix`, if the stream, seen whole, ends with it."""
        if self.total != len(self.kept) or not self.kept.endswith(suffix):
            return None
        return Captured(self.kept[: -len(suffix)], self.total - len(suffix))

    def text(self) -> str:
        shown = self.kept.decode("utf-8", errors="replace")
        hidden = self.total - len(self.kept)
        return f"{shown}\n[... {hidden} more bytes not shown]" if hidden else shown


class Capture:
    """The first `keep` bytes of a stream and a count of all of it."""

    def __init__(self, keep: int) -> None:
        self.kept = bytearray()
        self.total = 0
        self._keep = keep

    def add(self, chunk: bytes) -> None:
        room = self._keep - len(self.kept)
        if room > 0:
            self.kept += chunk[:room]
        self.total += len(chunk)

    def seen(self) -> Captured:
        return Captured(bytes(self.kept), self.total)


class Streams:
    """Non-blocking traffic with the child over the parent's ends of its pipes: the request in;
    stdout, stderr, the result and the ready signal out."""

    def __init__(self, request: bytes, pipes: RunPipes, limits: Limits) -> None:
        self.stdout = Capture(limits.output_keep_bytes)
        self.stderr = Capture(limits.output_keep_bytes)
        self.ready_at: float | None = None  # monotonic time of the ready byte
        self.marks: list[Mark] = []
        self._cpu_of: Callable[[], float] | None = None
        self._result = Capture(limits.result_bytes)
        self._limits = limits
        self._request = memoryview(request)
        self._selector = selectors.DefaultSelector()
        for fd, role in (
            (pipes.stdout, self.stdout),
            (pipes.stderr, self.stderr),
            (pipes.result, self._result),
        ):
            os.set_blocking(fd, False)
            self._selector.register(fd, selectors.EVENT_READ, role)
        if pipes.ready is not None:
            os.set_blocking(pipes.ready, False)
            self._selector.register(pipes.ready, selectors.EVENT_READ, "ready")
        os.set_blocking(pipes.request, False)
        self._selector.register(pipes.request, selectors.EVENT_WRITE, "request")
        if not request:
            self._forget(pipes.request)

    @property
    def output_over(self) -> bool:
        return self.stdout.total + self.stderr.total > self._limits.output_kill_bytes

    @property
    def result_over(self) -> bool:
        return self._result.total > self._limits.result_bytes

    def result(self) -> bytes | None:
        return bytes(self._result.kept) if self._result.total and not self.result_over else None

    def measure_marks(self, cpu_of: Callable[[], float]) -> None:
        """From now on, each mark the child writes is kept with `cpu_of()` at its arrival."""
        self._cpu_of = cpu_of

    def wake_on(self, fd: int) -> None:
        self._selector.register(fd, selectors.EVENT_READ, "wake")

    def unwake(self, fd: int) -> None:
        self._selector.unregister(fd)

    def pump(self, timeout: float) -> None:
        """One round: write what the request pipe takes, read one chunk from each ready pipe."""
        for key, _ in self._selector.select(timeout):
            if key.data == "request":
                self._send(key.fd)
            elif key.data == "ready":
                self._note_ready(key.fd)
            elif isinstance(key.data, Capture):
                try:
                    chunk = os.read(key.fd, _CHUNK)
                except BlockingIOError:
                    continue
                if chunk:
                    key.data.add(chunk)
                else:
                    self._forget(key.fd)

    def drain(self, grace: float) -> None:
        """Read what the dead child left in the pipes, until EOF or `grace` seconds, then close."""
        for key in list(self._selector.get_map().values()):
            if key.data in ("request", "ready"):
                self._forget(key.fd)
        end = time.monotonic() + grace
        while self._selector.get_map() and time.monotonic() < end:
            self.pump(end - time.monotonic())
        self.close()

    def close(self) -> None:
        for key in list(self._selector.get_map().values()):
            self._forget(key.fd)
        self._selector.close()

    def _send(self, fd: int) -> None:
        try:
            sent = os.write(fd, self._request[:_CHUNK])
        except BlockingIOError:
            return
        except OSError:  # the child closed its end or died: it will not read the rest
            sent = len(self._request)
        self._request = self._request[sent:]
        if not self._request:
            self._forget(fd)

    def _note_ready(self, fd: int) -> None:
        """The first byte ends the start-up; EOF without one (the child closed or lost the pipe)
        never does. Each later byte is a mark, until EOF or more than `_MARKS` of them: its CPU
        time is read here, then acknowledged, and the child waits for that before it goes on, so
        the reading is the CPU time at the mark however late this process got to it."""
        try:
            said = os.read(fd, 1)
        except (BlockingIOError, ConnectionResetError):
            return
        if not said or len(self.marks) >= _MARKS:
            self._forget(fd)
        elif self.ready_at is None:
            self.ready_at = time.monotonic()
        else:
            cpu = self._cpu_of() if self._cpu_of is not None else float("nan")
            self.marks.append(Mark(said.decode("latin-1"), cpu))
            with contextlib.suppress(OSError):  # a child that went away needs no answer
                os.write(fd, b"k")

    def _forget(self, fd: int) -> None:
        self._selector.unregister(fd)
        os.close(fd)


def pump(pid: int, streams: Streams, deadline: float, *, until_ready: bool = False) -> Stop:
    """Move bytes until the direct child exits, a cap trips, the deadline passes or (with
    `until_ready`) the child says it is ready."""
    try:
        exit_fd: int | None = os.pidfd_open(pid)  # readable once the child exits
    except (AttributeError, OSError):
        exit_fd = None  # older kernel: poll instead
    try:
        if exit_fd is not None:
            streams.wake_on(exit_fd)
        while os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
            if streams.output_over or streams.result_over:
                return Stop.CAPPED
            if until_ready and streams.ready_at is not None:
                return Stop.READY
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return Stop.DEADLINE
            streams.pump(remaining if exit_fd is not None else min(remaining, _POLL_SECONDS))
        return Stop.EXITED
    finally:
        if exit_fd is not None:
            streams.unwake(exit_fd)
            os.close(exit_fd)
