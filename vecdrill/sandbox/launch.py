"""Run a learner's solution in a child process that cannot hang, flood, crash or harm the machine.

`run_sandboxed` launches the child under the strongest isolation layer this machine has (see
`isolation`, and `mounts` for bwrap's view of the filesystem) with rlimits (see `limits`), and
watches it with two clocks: one for start-up, then the learner's wall limit from the child's ready
signal (see `supervise`). Its pipes are capped (see `pipes`); at the end the whole process tree is
killed and the box deleted (see `reaper`). A learner's fault is a ChildRun, never an exception.
"""

import contextlib
import fcntl
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from vecdrill.child.guard import (
    BOX_ENV,
    HIDDEN_ENV,
    LAYER_ENV,
    READY_FD_ENV,
    REQUEST_FD_ENV,
    RESULT_FD_ENV,
    SECCOMP_ENV,
)
from vecdrill.sandbox.isolation import UNSHARE_FLAGS, Isolation, IsolationReport, detect_isolation, tool
from vecdrill.sandbox.mounts import bwrap_command
from vecdrill.supervisor import pipes, reaper, supervise
from vecdrill.supervisor.limits import Limits, describe_limits, rlimits
from vecdrill.supervisor.supervise import ChildRun

__all__ = [
    "ChildRun",
    "Isolation",
    "IsolationReport",
    "Limits",
    "describe_limits",
    "detect_isolation",
    "doctor_facts",
    "run_sandboxed",
]

_MARKER_ENV = "VECDRILL_RUN"  # tags every process of one run, so setsid() escapees are found
_SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"
_READY_FD = 5
_NO_ENV: Mapping[str, str] = MappingProxyType({})
_NOTHING_HIDDEN: Mapping[Any, Any] = MappingProxyType({})


def doctor_facts() -> dict[str, str]:
    """Which protections this machine gives a solution, and why stronger ones are missing."""
    try:
        report = detect_isolation()
    except ValueError as exc:
        return {"isolation": str(exc)}
    facts = {"isolation": report.layer.value}
    facts.update({f"{layer} not used": why for layer, why in report.reasons.items()})
    facts["seccomp"] = (
        "on (pyseccomp)"
        if report.seccomp
        else "off: pyseccomp or libseccomp does not load (pip install pyseccomp)"
    )
    try:
        reaper.Cgroup.create(reaper.CGROUP_HEADROOM).remove()
        facts["cgroup backstop"] = "on (cgroup v1 memory and pids)"
    except OSError as exc:
        facts["cgroup backstop"] = f"off: no writable cgroup v1 memory and pids hierarchy ({exc})"
    if report.accident_guard_only:
        facts["warning"] = "plain layer: the guard stops accidents, not a determined attacker"
    return facts


def run_sandboxed(
    args: list[str],
    request: bytes,
    *,
    limits: Limits,
    isolation: IsolationReport,
    env: Mapping[str, str] = _NO_ENV,
    readable_paths: Sequence[Path] = (),
    hidden_paths: Mapping[Path, Path | None] = _NOTHING_HIDDEN,
) -> ChildRun:
    """Run `python -I -X faulthandler -u *args` in a fresh box under `isolation` and `limits`.

    The child reads `request` on fd 3 and writes its result on fd 4. With a start-up phase
    (limits.startup_seconds > 0) it writes one byte on the fd named by $VECDRILL_READY_FD when
    its own start-up is over (`guard.signal_ready`). It cannot read the keys of `hidden_paths`
    (files or folders): under bwrap it finds each file's stand-in there instead (the value; None:
    an empty file) and an empty folder for a folder, and elsewhere the audit guard refuses them
    once armed. Nothing it started survives this call, and its box is deleted.
    """
    box = Path(tempfile.mkdtemp(prefix="vecdrill-box-"))
    try:
        try:
            cgroup: reaper.Cgroup | None = reaper.Cgroup.create(limits.data_bytes + reaper.CGROUP_HEADROOM)
        except OSError:
            cgroup = None  # the backstop is optional
        try:
            hidden = resolve_hidden(hidden_paths)
            command = child_command(args, box, isolation.layer, readable_paths, limits.scratch_bytes, hidden)
            child_env = child_environment(env, box, isolation, limits, hidden)
            return _supervise(command, child_env, box, request, limits, isolation.layer, cgroup)
        finally:
            if cgroup is not None:
                cgroup.remove()
    finally:
        reaper.remove_box(box)


def child_command(
    args: list[str],
    box: Path,
    layer: Isolation,
    readable: Sequence[Path],
    scratch_bytes: int,
    hidden: Mapping[str, str | None] = _NOTHING_HIDDEN,
) -> list[str]:
    """The command line: the interpreter, wrapped in the layer's launcher."""
    python = [sys.executable, "-I", "-X", "faulthandler", "-u", *args]
    if layer is Isolation.PLAIN:
        return python
    if layer is Isolation.UNSHARE:
        return [tool("unshare"), *UNSHARE_FLAGS, "--", *python]
    return bwrap_command(python, box, readable, scratch_bytes, hidden)


def run_marker(env: Mapping[str, str]) -> bytes:
    """The `NAME=value` entry that tags every process of the run started with `env`."""
    return f"{_MARKER_ENV}={env[_MARKER_ENV]}".encode()


def resolve_hidden(hidden_paths: Mapping[Path, Path | None]) -> dict[str, str | None]:
    """Hidden paths as the real paths the mounts and the guard compare against."""
    return {
        os.path.realpath(path): None if stand_in is None else str(stand_in)
        for path, stand_in in hidden_paths.items()
    }


def child_environment(
    caller: Mapping[str, str],
    box: Path,
    isolation: IsolationReport,
    limits: Limits,
    hidden: Mapping[str, str | None],
) -> dict[str, str]:
    """A scrubbed environment: the caller's extras, then ours (which win), and for the guard of
    the plain and unshare layers the paths to refuse.

    malloc keeps its defaults on purpose: fixed glibc thresholds steadied some timings but made
    an allocating numpy solution 2.7x faster than in the learner's own Python (page faults that
    every real call pays were gone), so the speedup would no longer be the learner's.
    """
    threads = str(limits.threads)
    env = {
        **caller,
        "PATH": _SAFE_PATH,
        "HOME": str(box),
        "TMPDIR": str(box),
        "LANG": "C.UTF-8",
        "OMP_NUM_THREADS": threads,
        "MKL_NUM_THREADS": threads,
        "OPENBLAS_NUM_THREADS": threads,
        REQUEST_FD_ENV: "3",
        RESULT_FD_ENV: "4",
        BOX_ENV: str(box),
        LAYER_ENV: isolation.layer.value,
        SECCOMP_ENV: "1" if isolation.seccomp else "0",
        _MARKER_ENV: uuid.uuid4().hex,
    }
    if hidden:
        env[HIDDEN_ENV] = json.dumps(sorted(hidden))
    return env


def _supervise(
    command: list[str],
    child_env: dict[str, str],
    box: Path,
    request: bytes,
    limits: Limits,
    layer: Isolation,
    cgroup: reaper.Cgroup | None,
) -> ChildRun:
    """Start the child, pump its pipes until it ends or a limit trips, then kill what is left."""
    has_startup = limits.startup_seconds > 0
    request_read, request_write = os.pipe()
    result_read, result_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    stderr_read, stderr_write = os.pipe()
    ready_read, ready_write = os.pipe() if has_startup else (None, None)
    streams = pipes.Streams(request, request_write, stdout_read, stderr_read, result_read, limits, ready_read)
    extra_cpu = limits.startup_cpu_seconds if has_startup else 0
    prepare = child_setup(request_read, result_write, rlimits(limits, extra_cpu), cgroup, ready_write)
    if has_startup:
        child_env = {**child_env, READY_FD_ENV: str(_READY_FD)}
    started = time.monotonic()
    try:
        child = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=stdout_write,
            stderr=stderr_write,
            cwd=box,
            env=child_env,
            close_fds=False,
            start_new_session=True,
            preexec_fn=prepare,
        )
    except BaseException:
        streams.close()
        raise
    finally:
        for fd in (request_read, result_write, stdout_write, stderr_write, ready_write):
            if fd is not None:
                os.close(fd)
    marker = run_marker(child_env)
    try:
        watched = supervise.watch(child.pid, streams, limits, marker, started)
    finally:
        reaper.kill_tree(child.pid, marker, cgroup)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        streams.drain(pipes.DRAIN_GRACE_SECONDS)
    return supervise.child_run(watched, status, usage, streams, layer, cgroup)


def child_setup(
    request_fd: int,
    result_fd: int,
    kernel_limits: list[tuple[int, int, int]],
    cgroup: reaper.Cgroup | None,
    ready_fd: int | None = None,
) -> Callable[[], None]:
    """Runs in the forked child before exec: join the cgroup, place fds 3, 4 and the ready fd 5,
    set limits."""
    procs_files = cgroup.procs_files() if cgroup is not None else []
    placed = {3: request_fd, 4: result_fd} | ({_READY_FD: ready_fd} if ready_fd is not None else {})

    def setup() -> None:
        for path in procs_files:
            with contextlib.suppress(OSError):
                joined = os.open(path, os.O_WRONLY)
                os.write(joined, b"0")
                os.close(joined)
        high = {target: fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for target, fd in placed.items()}
        for target, fd in high.items():
            os.dup2(fd, target)  # dup2 makes the placed fds inheritable
        for name in os.listdir("/proc/self/fd"):  # nothing else may cross the exec
            if int(name) > max(placed):
                with contextlib.suppress(OSError):
                    os.set_inheritable(int(name), False)
        for which, soft, hard in kernel_limits:
            resource.setrlimit(which, (soft, hard))

    return setup
