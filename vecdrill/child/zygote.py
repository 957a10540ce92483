"""The warm worker's long-lived sandboxed process: `python -I -m vecdrill.child.zygote`.

It pays for importing torch once, then forks one grandchild per check, so a re-check costs a fork
instead of an interpreter start. Forking is only safe under three rules this module keeps:

* a process that has run a multi-threaded torch op deadlocks the parallel ops of its forked
  children, so the zygote pins torch to one thread first and then only imports, never computes;
* forked children would share random state, so each grandchild draws new seeds;
* each grandchild is a whole sandboxed run: own process group, own scratch folder, the run's
  rlimits, a deadline, capped output, and the ordinary worker, which compiles the learner's bytes
  itself (no bytecode cache) and installs the guards.

Messages on both control fds are a length-prefixed JSON header and a length-prefixed payload.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import resource
import select
import signal
import struct
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

from vecdrill.child.guard import LAYER_ENV, READY_FD_ENV, REQUEST_FD_ENV, RESULT_FD_ENV
from vecdrill.sandbox import launch
from vecdrill.sandbox.isolation import Isolation
from vecdrill.supervisor import pipes, reaper, supervise
from vecdrill.supervisor.limits import Limits, rlimits

# Imported once here because a check would import them lazily in every grandchild; torch._dynamo
# alone costs seconds (torch's dispatch-mode helpers pull it in on first use).
PRELOADED = (
    "numpy",
    "numpy.random",
    "torch._dynamo",
    "torch.utils._python_dispatch",
    "torch.utils.benchmark",
    "cProfile",
    "pstats",
    "pyseccomp",
    "vecdrill.child.worker",
)
_LENGTH = struct.Struct(">Q")
_READY_FD = 5  # after the standard streams and the worker's request (3) and result (4) fds


def send(fd: int, header: dict[str, Any], payload: bytes = b"", deadline: float | None = None) -> None:
    """Write one message; TimeoutError once `deadline` passes. Give a non-blocking `fd` with a
    deadline, so that a reader that stopped reading cannot hang the writer."""
    head = json.dumps(header).encode()
    view = memoryview(_LENGTH.pack(len(head)) + head + _LENGTH.pack(len(payload)) + payload)
    while view:
        if select.select([], [fd], [], _wait(deadline))[1]:
            with contextlib.suppress(BlockingIOError):
                view = view[os.write(fd, view) :]


def receive(fd: int, deadline: float | None = None) -> tuple[dict[str, Any], bytes]:
    """One message; EOFError when the other side closed, TimeoutError once `deadline` passes."""
    head = _read_exactly(fd, _LENGTH.unpack(_read_exactly(fd, _LENGTH.size, deadline))[0], deadline)
    payload = _read_exactly(fd, _LENGTH.unpack(_read_exactly(fd, _LENGTH.size, deadline))[0], deadline)
    header = json.loads(head)
    if not isinstance(header, dict):
        raise EOFError("a control message header is not a JSON object")
    return header, payload


def _read_exactly(fd: int, count: int, deadline: float | None) -> bytes:
    data = bytearray()
    while len(data) < count:
        if not select.select([fd], [], [], _wait(deadline))[0]:
            continue
        chunk = os.read(fd, min(count - len(data), 1 << 20))
        if not chunk:
            raise EOFError("the other side of the control channel closed it")
        data += chunk
    return bytes(data)


def _wait(deadline: float | None) -> float | None:
    """Seconds select() may wait: None for ever; TimeoutError once the deadline has passed."""
    if deadline is None:
        return None
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the other side of the control channel did not answer in time")
    return left


def main() -> None:
    import torch

    torch.set_num_threads(1)  # before anything else touches torch: see the module docstring
    for name in PRELOADED:
        __import__(name)
    torch.save({}, io.BytesIO())  # its first call sets up the serializer: no tensor, no op
    warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
    requests, answers = int(os.environ[REQUEST_FD_ENV]), int(os.environ[RESULT_FD_ENV])
    send(answers, {"ready": os.getpid()})
    while True:
        try:
            header, request = receive(requests)
        except EOFError:
            os._exit(0)  # the parent is done with us
        answer, result = serve(request, Limits(**header["limits"]))
        send(answers, answer, result or b"")


def serve(request: bytes, limits: Limits) -> tuple[dict[str, Any], bytes | None]:
    """Run one check in a forked grandchild. The answer holds a `ChildRun`'s fields, except that
    `stray_kill` (a SIGKILL nobody here sent) stands for `memory_suspected`, which the parent
    decides with its cgroup's evidence."""
    scratch = Path(tempfile.mkdtemp(prefix="check-", dir=Path.cwd()))
    request_read, request_write = os.pipe()
    result_read, result_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    stderr_read, stderr_write = os.pipe()
    ready_read, ready_write = os.pipe()
    kernel_limits = rlimits(limits)
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        _become_worker(
            scratch, (request_read, result_write, stdout_write, stderr_write, ready_write), kernel_limits
        )
    for fd in (request_read, result_write, stdout_write, stderr_write, ready_write):
        os.close(fd)
    streams = pipes.Streams(request, request_write, stdout_read, stderr_read, result_read, limits, ready_read)
    try:
        stop = _pump_both_clocks(pid, streams, limits, start)
        ended = time.monotonic()
    finally:
        _kill_all_but_self(pid)
        _, status, usage = os.wait4(pid, 0)
        _reap_orphans()
        streams.drain(pipes.DRAIN_GRACE_SECONDS)
        reaper.remove_box(scratch)
    returncode, signal_number = supervise.exit_status(status, Isolation.PLAIN)  # no bwrap between
    cpu_seconds = usage.ru_utime + usage.ru_stime
    timed_out = stop is pipes.Stop.DEADLINE
    killed_by_us = timed_out or streams.output_over or streams.result_over
    cpu_limited = signal_number == signal.SIGXCPU or (
        signal_number == signal.SIGKILL and not killed_by_us and cpu_seconds >= limits.cpu_soft_seconds - 0.05
    )
    ready_at = streams.ready_at if limits.startup_seconds > 0 else start
    answer = {
        "returncode": returncode,
        "signal": signal_number,
        "timed_out": timed_out,
        "cpu_limited": cpu_limited,
        "output_limited": streams.output_over,
        "result_too_large": streams.result_over,
        "stray_kill": signal_number == signal.SIGKILL and not killed_by_us and not cpu_limited,
        "stdout": streams.stdout.text(),
        "stderr": streams.stderr.text(),
        "wall_seconds": ended - ready_at if ready_at is not None else 0.0,
        "cpu_seconds": cpu_seconds,
        "startup_timed_out": timed_out and ready_at is None,
        "startup_seconds": (ready_at if ready_at is not None else ended) - start,
    }
    return answer, streams.result()


def _pump_both_clocks(pid: int, streams: pipes.Streams, limits: Limits, start: float) -> pipes.Stop:
    """As a cold run is timed: start-up until the worker's ready signal, then the wall limit."""
    if limits.startup_seconds <= 0:  # no start-up phase: the wall clock runs from the fork
        return pipes.pump(pid, streams, start + limits.wall_seconds)
    stop = pipes.pump(pid, streams, start + limits.startup_seconds, until_ready=True)
    if stop is not pipes.Stop.READY or streams.ready_at is None:
        return stop
    return pipes.pump(pid, streams, streams.ready_at + limits.wall_seconds)


def _become_worker(
    scratch: Path, fds: tuple[int, int, int, int, int], kernel_limits: list[tuple[int, int, int]]
) -> None:
    """In the grandchild: take the run's fds, folder, limits and fresh randomness, then work."""
    try:
        os.setpgid(0, 0)  # its own group, so one killpg ends it and any thread it made
        request_read, result_write, stdout_write, stderr_write, ready_write = fds
        devnull = os.open(os.devnull, os.O_RDONLY)
        for source, target in (
            (devnull, 0),
            (stdout_write, 1),
            (stderr_write, 2),
            (request_read, 3),
            (result_write, 4),
            (ready_write, _READY_FD),
        ):
            os.dup2(source, target)  # replaces the zygote's control fds 3 and 4
        os.closerange(_READY_FD + 1, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        os.chdir(scratch)
        os.environ.update(
            {
                "HOME": str(scratch),
                "TMPDIR": str(scratch),
                REQUEST_FD_ENV: "3",
                RESULT_FD_ENV: "4",
                READY_FD_ENV: str(_READY_FD),
            }
        )
        tempfile.tempdir = None  # recomputed from TMPDIR, inside this run's folder
        for which, soft, hard in kernel_limits:
            resource.setrlimit(which, (soft, hard))
        _reseed()
        from vecdrill.child import worker

        worker.main()  # ends the process with os._exit
    finally:
        os._exit(70)


def _reseed() -> None:
    """New entropy for torch's, numpy's and Python's generators, as a fresh interpreter gets:
    a fork would otherwise hand every check the zygote's random state and repeat its draws."""
    import numpy
    import torch

    random.seed()
    numpy.random.seed()
    torch.seed()


def _kill_all_but_self(pid: int) -> None:
    """End the grandchild's group and anything it left behind, sparing only the zygote."""
    for kill in (os.killpg, os.kill):  # the group may not exist yet if it died at once
        with contextlib.suppress(ProcessLookupError, PermissionError):
            kill(pid, signal.SIGKILL)
    in_own_pid_namespace = os.getpid() == 1 and os.environ.get(LAYER_ENV) != "plain"
    if in_own_pid_namespace:
        with contextlib.suppress(ProcessLookupError):
            os.kill(-1, signal.SIGKILL)  # from a namespace's init: every process but itself
    else:
        reaper.kill_tree(pid, launch.run_marker(os.environ), None)


def _reap_orphans() -> None:
    """As pid 1 of a namespace the zygote inherits orphans; collect their exit statuses."""
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                return
        except ChildProcessError:
            return


if __name__ == "__main__":
    main()
