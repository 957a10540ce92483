"""Run a learner's solution in a child process that cannot hang, flood, crash or harm the machine.

Isolation layers, strongest first, detected once per process: bubblewrap (read-only root, private
/tmp and home dirs, no network, own pid namespace), unshare (no network, own pid namespace) and
plain (own session only). Every layer adds rlimits, a wall-clock watchdog, capped output drains, a
capped result channel, a kill of the whole process tree and, where a cgroup v1 hierarchy is
writable, a memory and pids backstop. A learner's fault is a ChildRun, never an exception.
"""

import contextlib
import enum
import fcntl
import functools
import math
import os
import resource
import selectors
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from vecdrill.guard import (
    BOX_ENV,
    LAYER_ENV,
    REQUEST_FD_ENV,
    RESULT_FD_ENV,
    SECCOMP_ENV,
    seccomp_available,
)


class Isolation(str, enum.Enum):
    BWRAP = "bwrap"
    UNSHARE = "unshare"
    PLAIN = "plain"


@dataclass(frozen=True)
class IsolationReport:
    layer: Isolation
    reasons: dict[str, str]  # for each stronger layer not used: why
    seccomp: bool  # whether the child will load the seccomp filter
    accident_guard_only: bool  # plain: the audit hook stops accidents, not attackers


@dataclass(frozen=True)
class Limits:
    wall_seconds: float = 10.0
    cpu_seconds: float | None = None  # None: wall * threads + 2
    data_bytes: int = 2 * 1024**3  # RLIMIT_DATA; RLIMIT_AS would break `import torch`
    file_bytes: int = 16 * 1024**2
    open_files: int = 256
    output_keep_bytes: int = 64 * 1024  # per stream
    output_kill_bytes: int = 8 * 1024**2  # stdout + stderr together
    result_bytes: int = 256 * 1024**2
    threads: int = 1

    @property
    def cpu_soft_seconds(self) -> int:
        """RLIMIT_CPU soft limit (SIGXCPU); the hard limit, one second later, is a SIGKILL."""
        cpu = self.wall_seconds * self.threads + 2 if self.cpu_seconds is None else self.cpu_seconds
        return max(1, math.ceil(cpu))


@dataclass(frozen=True)
class ChildRun:
    returncode: int | None  # None when a signal ended it
    signal: int | None  # also resolved from bwrap's 128+n exit status
    timed_out: bool  # killed by the wall-clock watchdog
    cpu_limited: bool  # SIGXCPU, or the CPU hard limit's SIGKILL
    output_limited: bool  # stdout + stderr exceeded output_kill_bytes (a live child is killed)
    result_too_large: bool  # the result channel exceeded result_bytes (a live child is killed)
    memory_suspected: bool  # a SIGKILL we did not send (OOM killer?), or cgroup OOM evidence
    stdout: str  # first output_keep_bytes, invalid UTF-8 replaced, with a notice when cut
    stderr: str
    result: bytes | None  # None when nothing arrived (or it was too large)
    wall_seconds: float
    cpu_seconds: float  # from wait4 rusage of the direct child
    isolation: Isolation


_STRONGEST_FIRST = (Isolation.BWRAP, Isolation.UNSHARE, Isolation.PLAIN)
_FORCE_ENV = "VECDRILL_ISOLATION"
_MARKER_ENV = "VECDRILL_RUN"  # tags every process of one run, so setsid() escapees are found
_SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"
_BWRAP_FLAGS = ("--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session")
_BWRAP_MASKED = ("/tmp", "/var/tmp", "/root", "/home", "/run")  # tmpfs over these
_UNSHARE_FLAGS = (
    "--user", "--map-root-user", "--net", "--pid", "--ipc", "--uts", "--fork", "--kill-child",
    "--mount-proc",
)  # fmt: skip
_CGROUP_ROOT = Path("/sys/fs/cgroup")
_CGROUP_HEADROOM = 1024**3  # memory beyond RLIMIT_DATA: libraries, page cache, shared maps
_CGROUP_TASKS = 128
_SCRATCH_FILES = 4  # each bwrap tmpfs holds this many files of the largest size allowed
_CHUNK = 64 * 1024
# util-linux 2.38 unshare cannot re-raise a SIGKILL that ended its child: it exits 1 saying this.
_UNSHARE_SIGKILL_NOTE = b"unshare: sigprocmask unblock failed: Invalid argument\n"
_DRAIN_GRACE_SECONDS = 2.0
_NO_ENV: Mapping[str, str] = MappingProxyType({})


def detect_isolation(forced: str | None = None) -> IsolationReport:
    """The strongest layer that works here, or the forced one (argument, else $VECDRILL_ISOLATION).

    Raises ValueError for an unknown layer name or a forced layer this machine lacks.
    """
    choice = forced or os.environ.get(_FORCE_ENV) or None
    problems = _layer_problems()
    if choice is None:
        layer = next(candidate for candidate in _STRONGEST_FIRST if problems[candidate] is None)
    else:
        try:
            layer = Isolation(choice.strip().lower())
        except ValueError:
            raise ValueError(
                f"unknown isolation layer {choice!r}; choose bwrap, unshare or plain"
            ) from None
        if problems[layer] is not None:
            raise ValueError(
                f"isolation {layer.value!r} was requested but is not available here: "
                f"{problems[layer]}"
            )
    stronger = _STRONGEST_FIRST[: _STRONGEST_FIRST.index(layer)]
    reasons = {
        other.value: problems[other] or f"available, but isolation {layer.value!r} was requested"
        for other in stronger
    }
    return IsolationReport(layer, reasons, _seccomp_works(), layer is Isolation.PLAIN)


@functools.cache
def _seccomp_works() -> bool:
    return seccomp_available()


@functools.cache
def _layer_problems() -> dict[Isolation, str | None]:
    """Why each layer cannot run here (None: it can), probed with the flags runs will use."""
    bwrap_probe = [*_BWRAP_FLAGS, "--ro-bind", "/", "/", "--size", "1048576", "--tmpfs", "/tmp",
                   "--proc", "/proc", "--dev", "/dev", "true"]  # fmt: skip
    return {
        Isolation.BWRAP: _probe("bwrap", bwrap_probe, "install the Debian package bubblewrap"),
        Isolation.UNSHARE: _probe("unshare", [*_UNSHARE_FLAGS, "true"], "install util-linux"),
        Isolation.PLAIN: None,
    }


def _probe(tool: str, args: list[str], install_hint: str) -> str | None:
    if not sys.platform.startswith("linux"):
        return f"{tool} isolation needs Linux"
    path = shutil.which(tool)
    if path is None:
        return f"{tool} not found on PATH; {install_hint}"
    try:
        done = subprocess.run(
            [path, *args], stdin=subprocess.DEVNULL, capture_output=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{tool} could not be started: {exc}"
    if done.returncode == 0:
        return None
    said = done.stderr.decode(errors="replace").strip().splitlines()
    detail = said[-1] if said else f"exit status {done.returncode}"
    return (
        f"{tool} is installed but cannot build a sandbox here ({detail}); unprivileged user "
        "namespaces may be disabled (Ubuntu 24.04 and later restrict them with AppArmor)"
    )


def describe_limits(limits: Limits) -> dict[str, str]:
    """The limits in force, in words, for `vecdrill doctor`."""
    cpu = limits.cpu_soft_seconds
    return {
        "wall clock": f"{limits.wall_seconds:g} s",
        "CPU time": f"{cpu} s (SIGXCPU), killed at {cpu + 1} s",
        "memory (RLIMIT_DATA)": _size(limits.data_bytes),
        "memory backstop (cgroup, when writable)": (
            f"{_size(limits.data_bytes + _CGROUP_HEADROOM)}, {_CGROUP_TASKS} tasks"
        ),
        "file size": _size(limits.file_bytes),
        "scratch space (bwrap)": f"{_size(_scratch_bytes(limits))} per tmpfs (box, /tmp, homes)",
        "open files": str(limits.open_files),
        "output shown": f"first {_size(limits.output_keep_bytes)} of stdout and of stderr",
        "output limit": f"killed after {_size(limits.output_kill_bytes)} of output",
        "result size": _size(limits.result_bytes),
        "threads": str(limits.threads),
        "core dumps": "off",
    }


def doctor_facts() -> dict[str, str]:
    """Which protections this machine gives a solution, and why stronger ones are missing."""
    try:
        report = detect_isolation()
    except ValueError as exc:
        return {"isolation": str(exc)}
    facts = {"isolation": report.layer.value}
    facts.update({f"{layer} not used": why for layer, why in report.reasons.items()})
    facts["seccomp"] = (
        "on (pyseccomp)" if report.seccomp
        else "off: pyseccomp or libseccomp does not load (pip install pyseccomp)"
    )  # fmt: skip
    try:
        _Cgroup.create(_CGROUP_HEADROOM).remove()
        facts["cgroup backstop"] = "on (cgroup v1 memory and pids)"
    except OSError as exc:
        facts["cgroup backstop"] = f"off: no writable cgroup v1 memory and pids hierarchy ({exc})"
    if report.accident_guard_only:
        facts["warning"] = "plain layer: the guard stops accidents, not a determined attacker"
    return facts


def _size(count: int) -> str:
    for unit, factor in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if count >= factor:
            return f"{count / factor:g} {unit}"
    return f"{count} bytes"


def run_sandboxed(
    args: list[str],
    request: bytes,
    *,
    limits: Limits,
    isolation: IsolationReport,
    env: Mapping[str, str] = _NO_ENV,
    readable_paths: Sequence[Path] = (),
) -> ChildRun:
    """Run `python -I -X faulthandler -u *args` in a fresh box under `isolation` and `limits`.

    The child reads `request` on fd 3 and writes its result on fd 4. Nothing it started survives
    this call, and its box is deleted.
    """
    box = Path(tempfile.mkdtemp(prefix="vecdrill-box-"))
    try:
        try:
            cgroup: _Cgroup | None = _Cgroup.create(limits.data_bytes + _CGROUP_HEADROOM)
        except OSError:
            cgroup = None  # the backstop is optional
        try:
            command = _command(args, box, isolation.layer, readable_paths, _scratch_bytes(limits))
            child_env = _child_env(env, box, isolation, limits)
            return _supervise(command, child_env, box, request, limits, isolation.layer, cgroup)
        finally:
            if cgroup is not None:
                cgroup.remove()
    finally:
        _remove_box(box)


def _command(
    args: list[str], box: Path, layer: Isolation, readable: Sequence[Path], scratch_bytes: int
) -> list[str]:
    """The command line; under bwrap every writable place is a tmpfs of `scratch_bytes`, so a
    solution cannot fill the host's disk (the other layers only have RLIMIT_FSIZE per file)."""
    python = [sys.executable, "-I", "-X", "faulthandler", "-u", *args]
    if layer is Isolation.PLAIN:
        return python
    if layer is Isolation.UNSHARE:
        return [_tool("unshare"), *_UNSHARE_FLAGS, "--", *python]
    scratch = ["--size", str(scratch_bytes), "--tmpfs"]
    command = [_tool("bwrap"), *_BWRAP_FLAGS, "--ro-bind", "/", "/"]
    for masked in _BWRAP_MASKED:
        if os.path.isdir(masked):
            command += [*scratch, masked]
    command += ["--proc", "/proc", "--dev", "/dev", *scratch, "/dev/shm"]
    for path in _outermost({*_interpreter_dirs(), *(str(path) for path in readable)}):
        command += ["--ro-bind-try", path, path]  # after the tmpfs mounts, which would hide them
    return [*command, *scratch, str(box), "--chdir", str(box), "--", *python]


def _scratch_bytes(limits: Limits) -> int:
    return _SCRATCH_FILES * limits.file_bytes


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise FileNotFoundError(f"{name} disappeared from PATH after it was detected")
    return path


def _interpreter_dirs() -> set[str]:
    """What the child needs to read: the venv, the real interpreter, the vecdrill package."""
    dirs = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
            os.path.dirname(os.path.realpath(sys.executable)),
            str(Path(__file__).resolve().parent.parent)}  # fmt: skip
    return dirs | {os.path.realpath(path) for path in dirs}


def _outermost(paths: set[str]) -> list[str]:
    """Sorted absolute paths without those inside another one (binding the parent suffices);
    never "/" itself, which would uncover the masked directories again."""
    absolute = sorted({os.path.abspath(path) for path in paths} - {"/"})
    return [p for p in absolute if not any(p.startswith(q.rstrip("/") + "/") for q in absolute)]


def _child_env(
    caller: Mapping[str, str], box: Path, isolation: IsolationReport, limits: Limits
) -> dict[str, str]:
    """A scrubbed environment: the caller's extras, then ours (which win)."""
    threads = str(limits.threads)
    return {
        **caller,
        "PATH": _SAFE_PATH, "HOME": str(box), "TMPDIR": str(box), "LANG": "C.UTF-8",
        "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads, "OPENBLAS_NUM_THREADS": threads,
        REQUEST_FD_ENV: "3", RESULT_FD_ENV: "4", BOX_ENV: str(box),
        LAYER_ENV: isolation.layer.value, SECCOMP_ENV: "1" if isolation.seccomp else "0",
        _MARKER_ENV: uuid.uuid4().hex,
    }  # fmt: skip


def _supervise(
    command: list[str],
    child_env: dict[str, str],
    box: Path,
    request: bytes,
    limits: Limits,
    layer: Isolation,
    cgroup: "_Cgroup | None",
) -> ChildRun:
    """Start the child, pump its pipes until it ends or a limit trips, then kill what is left."""
    request_read, request_write = os.pipe()
    result_read, result_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    stderr_read, stderr_write = os.pipe()
    streams = _Streams(request, request_write, stdout_read, stderr_read, result_read, limits)
    prepare = _child_setup(request_read, result_write, _rlimits(limits), cgroup)
    start = time.monotonic()
    try:
        child = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=stdout_write, stderr=stderr_write,
            cwd=box, env=child_env, close_fds=False, start_new_session=True, preexec_fn=prepare,
        )  # fmt: skip
    except BaseException:
        streams.close()
        raise
    finally:
        for fd in (request_read, result_write, stdout_write, stderr_write):
            os.close(fd)
    marker = f"{_MARKER_ENV}={child_env[_MARKER_ENV]}".encode()
    try:
        timed_out = _pump_until_exit(child.pid, streams, start + limits.wall_seconds)
        wall_seconds = time.monotonic() - start
    finally:
        _kill_tree(child.pid, marker, cgroup)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        streams.drain(_DRAIN_GRACE_SECONDS)
    returncode, signal_number = _exit_status(status, layer)
    unshare_lost_sigkill = returncode == 1 and layer is Isolation.UNSHARE
    if unshare_lost_sigkill and streams.stderr.drop_suffix(_UNSHARE_SIGKILL_NOTE):
        returncode, signal_number = None, signal.SIGKILL
    cpu_seconds = usage.ru_utime + usage.ru_stime
    killed_by_us = timed_out or streams.output_over or streams.result_over
    cpu_limited = signal_number == signal.SIGXCPU or (
        signal_number == signal.SIGKILL
        and not killed_by_us
        and cpu_seconds >= limits.cpu_soft_seconds - 0.05
    )
    stray_kill = signal_number == signal.SIGKILL and not killed_by_us and not cpu_limited
    return ChildRun(
        returncode=returncode, signal=signal_number, timed_out=timed_out,
        cpu_limited=cpu_limited, output_limited=streams.output_over,
        result_too_large=streams.result_over,
        memory_suspected=stray_kill or (cgroup is not None and cgroup.oom_kills() > 0),
        stdout=streams.stdout.text(), stderr=streams.stderr.text(), result=streams.result(),
        wall_seconds=wall_seconds, cpu_seconds=cpu_seconds, isolation=layer,
    )  # fmt: skip


def _pump_until_exit(pid: int, streams: "_Streams", deadline: float) -> bool:
    """Move bytes until the direct child exits or a cap trips; True if the deadline passed."""
    try:
        exit_fd: int | None = os.pidfd_open(pid)  # readable once the child exits
    except (AttributeError, OSError):
        exit_fd = None  # older kernel: poll instead
    try:
        if exit_fd is not None:
            streams.wake_on(exit_fd)
        while os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return True
            streams.pump(remaining if exit_fd is not None else min(remaining, 0.02))
            if streams.output_over or streams.result_over:
                return False
        return False
    finally:
        if exit_fd is not None:
            streams.unwake(exit_fd)
            os.close(exit_fd)


def _child_setup(
    request_fd: int, result_fd: int, rlimits: list[tuple[int, int, int]], cgroup: "_Cgroup | None"
) -> Callable[[], None]:
    """Runs in the forked child before exec: join the cgroup, place fds 3 and 4, set limits."""
    procs_files = cgroup.procs_files() if cgroup is not None else []

    def setup() -> None:
        for path in procs_files:
            with contextlib.suppress(OSError):
                joined = os.open(path, os.O_WRONLY)
                os.write(joined, b"0")
                os.close(joined)
        high_request = fcntl.fcntl(request_fd, fcntl.F_DUPFD_CLOEXEC, 10)
        high_result = fcntl.fcntl(result_fd, fcntl.F_DUPFD_CLOEXEC, 10)
        os.dup2(high_request, 3)  # dup2 makes these two inheritable
        os.dup2(high_result, 4)
        for name in os.listdir("/proc/self/fd"):  # nothing else may cross the exec
            if int(name) > 4:
                with contextlib.suppress(OSError):
                    os.set_inheritable(int(name), False)
        for which, soft, hard in rlimits:
            resource.setrlimit(which, (soft, hard))

    return setup


def _rlimits(limits: Limits) -> list[tuple[int, int, int]]:
    """(resource, soft, hard) for the child, clamped to what this process may grant."""
    cpu = limits.cpu_soft_seconds
    wanted = [
        (resource.RLIMIT_DATA, limits.data_bytes, limits.data_bytes),
        (resource.RLIMIT_CPU, cpu, cpu + 1),
        (resource.RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes),
        (resource.RLIMIT_NOFILE, limits.open_files, limits.open_files),
        (resource.RLIMIT_CORE, 0, 0),
    ]
    clamped = []
    for which, soft, hard in wanted:
        ceiling = resource.getrlimit(which)[1]
        if ceiling != resource.RLIM_INFINITY:
            hard = min(hard, ceiling)
        clamped.append((which, min(soft, hard), hard))
    return clamped


def _exit_status(status: int, layer: Isolation) -> tuple[int | None, int | None]:
    """(returncode, signal); bwrap reports a signalled child as 128+n, so read it back as n."""
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    code = os.waitstatus_to_exitcode(status)
    if layer is Isolation.BWRAP and 128 < code < 128 + signal.NSIG:
        return None, code - 128
    return code, None


def _kill_tree(pid: int, marker: bytes, cgroup: "_Cgroup | None") -> None:
    """SIGKILL the child's process group, then every live process carrying this run's marker
    or sitting in its cgroup, until none is left (a forking process is caught next round)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
    for _ in range(400):
        found = {other for other in _all_pids() if _carries(other, marker)}
        if cgroup is not None:
            found |= cgroup.pids()
        found = {other for other in found if other != os.getpid() and _alive(other)}
        if not found:
            return
        for other in found:
            with contextlib.suppress(OSError):
                os.kill(other, signal.SIGKILL)
        time.sleep(0.005)


def _all_pids() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []


def _carries(pid: int, marker: bytes) -> bool:
    try:
        return marker in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in (b"Z", b"X")


def _remove_box(box: Path) -> None:
    """Delete the box without following any symlink the child left in it."""
    shutil.rmtree(box, ignore_errors=True)
    if not os.path.lexists(box) or not stat.S_ISDIR(os.lstat(box).st_mode):
        return
    with contextlib.suppress(OSError):  # the child may have taken away our permissions
        os.chmod(box, 0o700)
        for _, dirs, _, dir_fd in os.fwalk(box):
            for name in dirs:
                if stat.S_ISDIR(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode):
                    os.chmod(name, 0o700, dir_fd=dir_fd)
    shutil.rmtree(box, ignore_errors=True)


class _Capture:
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

    def drop_suffix(self, suffix: bytes) -> bool:
        """Remove `suffix` if the stream, seen whole, ends with it."""
        if self.total != len(self.kept) or not self.kept.endswith(suffix):
            return False
        del self.kept[-len(suffix) :]
        self.total -= len(suffix)
        return True

    def text(self) -> str:
        shown = self.kept.decode("utf-8", errors="replace")
        hidden = self.total - len(self.kept)
        return f"{shown}\n[... {hidden} more bytes not shown]" if hidden else shown


class _Streams:
    """Non-blocking traffic with the child: the request in; stdout, stderr and the result out."""

    def __init__(
        self, request: bytes, request_fd: int, stdout_fd: int, stderr_fd: int, result_fd: int,
        limits: Limits,
    ) -> None:  # fmt: skip
        self.stdout = _Capture(limits.output_keep_bytes)
        self.stderr = _Capture(limits.output_keep_bytes)
        self._result = _Capture(limits.result_bytes)
        self._limits = limits
        self._request = memoryview(request)
        self._selector = selectors.DefaultSelector()
        for fd, role in ((stdout_fd, self.stdout), (stderr_fd, self.stderr),
                         (result_fd, self._result)):  # fmt: skip
            os.set_blocking(fd, False)
            self._selector.register(fd, selectors.EVENT_READ, role)
        os.set_blocking(request_fd, False)
        self._selector.register(request_fd, selectors.EVENT_WRITE, "request")
        if not request:
            self._forget(request_fd)

    @property
    def output_over(self) -> bool:
        return self.stdout.total + self.stderr.total > self._limits.output_kill_bytes

    @property
    def result_over(self) -> bool:
        return self._result.total > self._limits.result_bytes

    def result(self) -> bytes | None:
        return bytes(self._result.kept) if self._result.total and not self.result_over else None

    def wake_on(self, fd: int) -> None:
        self._selector.register(fd, selectors.EVENT_READ, "wake")

    def unwake(self, fd: int) -> None:
        self._selector.unregister(fd)

    def pump(self, timeout: float) -> None:
        """One round: write what the request pipe takes, read one chunk from each ready pipe."""
        for key, _ in self._selector.select(timeout):
            if key.data == "request":
                self._send(key.fd)
            elif isinstance(key.data, _Capture):
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
            if key.data == "request":
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

    def _forget(self, fd: int) -> None:
        self._selector.unregister(fd)
        os.close(fd)


class _Cgroup:
    """A cgroup v1 memory and pids pair for one run, made below this process's own cgroups."""

    def __init__(self, dirs: list[Path]) -> None:
        self._dirs = dirs

    @classmethod
    def create(cls, memory_bytes: int) -> "_Cgroup":
        """Raises OSError where no writable cgroup v1 memory and pids hierarchy exists."""
        name = f"vecdrill-{uuid.uuid4().hex[:12]}"
        made = cls([])
        settings = (("memory", "memory.limit_in_bytes", memory_bytes),
                    ("pids", "pids.max", _CGROUP_TASKS))  # fmt: skip
        try:
            for controller, setting, value in settings:
                directory = _own_cgroup(controller) / name
                directory.mkdir()
                made._dirs.append(directory)
                (directory / setting).write_text(str(value))
        except OSError:
            made.remove()
            raise
        return made

    def procs_files(self) -> list[str]:
        return [str(directory / "cgroup.procs") for directory in self._dirs]

    def pids(self) -> set[int]:
        found: set[int] = set()
        for path in self.procs_files():
            with contextlib.suppress(OSError, ValueError):
                found.update(int(pid) for pid in Path(path).read_text().split())
        return found

    def oom_kills(self) -> int:
        """The kernel's count of tasks it killed here for memory (the SIGKILL explanation)."""
        for directory in self._dirs:
            with contextlib.suppress(OSError, ValueError):
                for line in (directory / "memory.oom_control").read_text().splitlines():
                    key, _, value = line.partition(" ")
                    if key == "oom_kill":
                        return int(value)
        return 0

    def remove(self) -> None:
        """rmdir each directory, retrying while killed tasks finish exiting."""
        for directory in self._dirs:
            for _ in range(100):
                try:
                    directory.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)


def _own_cgroup(controller: str) -> Path:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return _CGROUP_ROOT / controller / path.lstrip("/")
    raise FileNotFoundError(f"this process has no cgroup v1 {controller} controller")
