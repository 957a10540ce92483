"""Run a learner's solution in a child process that cannot hang, flood, crash or harm the machine.

`run_sandboxed` takes one `RunRequest` (as every runner does, cold or warm) and launches the child
under the strongest isolation layer this machine has (see `isolation`, and `mounts` for bwrap's
view of the filesystem) with rlimits (see `supervisor.limits`) and its own cgroup where it can
(see `cgroup`), and watches it with two clocks: one for start-up, then the learner's wall limit
from the child's ready signal (see `supervisor.supervise`, which the warm zygote uses for its
grandchildren too). Its pipes are capped (see `supervisor.channels`); at the end the whole process
tree is killed and the box deleted (see `supervisor.reaper`), and `ended.classify` says how it
ended. A learner's fault is a ChildRun, never an exception.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO

from vecdrill import wire
from vecdrill.sandbox import ended, stopping
from vecdrill.sandbox import isolation as layers
from vecdrill.sandbox.cgroup import CGROUP_HEADROOM, Cgroup, Counters
from vecdrill.sandbox.ended import ChildRun
from vecdrill.sandbox.isolation import UNSHARE_FLAGS, Isolation, IsolationReport, tool
from vecdrill.sandbox.mounts import bwrap_command, gpu_device_nodes, make_uvm_node, private_etc_files
from vecdrill.supervisor import channels, reaper, supervise
from vecdrill.supervisor.limits import Limits, rlimits

__all__ = [
    "ChildRun",
    "EarlyWorker",
    "Isolation",
    "IsolationReport",
    "Layout",
    "Limits",
    "RunRequest",
    "Runner",
    "detect_isolation",
    "run_sandboxed",
]

_SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"
# Kept from vecdrill's own environment on a machine with a GPU: which GPUs the learner picked, in
# which order, and where the driver's libraries are when only LD_LIBRARY_PATH finds them.
GPU_ENV = ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "LD_LIBRARY_PATH")


@dataclass(frozen=True)
class RunRequest:
    """One child's run, as every runner takes it (`run_sandboxed`, a warm worker, a warm pool):
    `python -I -X faulthandler -u *args`, sent `payload` on fd `wire.REQUEST_FD`, under `limits`
    in a box of `isolation`'s layer where `readable` is there and `hidden` is not."""

    args: tuple[str, ...]
    payload: bytes
    limits: Limits
    isolation: IsolationReport
    readable: frozenset[Path] = frozenset()
    hidden: frozenset[Path] = frozenset()

    @property
    def layout(self) -> Layout:
        return Layout(self.isolation, self.readable, self.hidden)


@dataclass(frozen=True)
class Layout:
    """What a box is built from (a warm zygote's, an early worker's): the folders it may read and
    the paths it must not."""

    isolation: IsolationReport
    readable: frozenset[Path]
    hidden: frozenset[Path]

    def merged(self, other: Layout) -> Layout:
        return Layout(self.isolation, self.readable | other.readable, self.hidden | other.hidden)

    def covers(self, wanted: Layout) -> bool:
        """Hiding more than a check asks is as strict as its own box; hiding less is not."""
        return (
            self.isolation.layer is wanted.isolation.layer
            and self.hidden >= wanted.hidden
            and self.readable >= wanted.readable
        )


# Runs a request and returns how it ended: `run_sandboxed` for a fresh child per check, or a warm
# worker's (or pool's) `run` for watch mode and batches.
Runner = Callable[[RunRequest], ChildRun]


def detect_isolation(forced: str | None = None) -> IsolationReport:
    """The layer a child gets (see `isolation.detect_isolation`), with what every bubblewrap box of
    this process needs from the host read now: a check starts importing torch in its reference
    thread just before it launches the child, and the walk of /etc, 50 ms alone, took 380 ms
    waiting for the interpreter lock under that import, all of it before the child could start."""
    report = layers.detect_isolation(forced)
    if report.layer is Isolation.BWRAP:
        private_etc_files()
    return report


def run_sandboxed(run: RunRequest) -> ChildRun:
    """Run `run` in a fresh box. The child writes its result on `wire.RESULT_FD`. With a start-up
    phase (limits.startup_seconds > 0) it writes one byte on the fd named by `wire.READY_FD_ENV`
    when its own start-up is over (`guard.signal_ready`). It cannot read the hidden paths (files or
    folders): under bwrap and unshare they are covered by empty ones (and under bwrap nothing
    outside the system, the interpreter, vecdrill and the readable paths is there at all); under
    plain only the audit guard, told by the request, refuses them. Nothing it started survives
    this call, and its box is deleted.
    """
    with Launched(run.args, run.isolation, run.readable, run.hidden, run.limits) as child:
        return child.serve(run.payload, run.limits)


class Launched(contextlib.AbstractContextManager["Launched"]):
    """A cold child, started in its box under its launch limits, until it is served one request
    (`serve`) or closed. It reads its request only once its start-up imports are done, so it can
    start before its request is known (`EarlyWorker`). Use as a context manager: nothing it
    started outlives the block, and its box and cgroup are removed."""

    def __init__(
        self,
        args: tuple[str, ...],
        isolation: IsolationReport,
        readable: frozenset[Path],
        hidden: frozenset[Path],
        limits: Limits,
    ) -> None:
        self.layer = isolation.layer
        reaper.reap_stale_boxes()
        self._box = Path(tempfile.mkdtemp(prefix=reaper.owned_name("box")))
        self._cgroup = backstop(limits.data_bytes + CGROUP_HEADROOM)
        self._stop: stopping.Run | None = None
        self._pipes: channels.RunPipes | None = None  # until `serve` hands them to its streams
        self.process: subprocess.Popen[bytes] | None = None
        try:
            command = child_command(
                args, self._box, self.layer, sorted(readable), limits.scratch_bytes, resolve_hidden(hidden)
            )
            env = child_environment(self._box, isolation, limits)
            self._pipes = channels.RunPipes.open(with_ready=limits.startup_seconds > 0)
            if self._pipes.ready is not None:
                env[wire.READY_FD_ENV] = str(wire.READY_FD)
            self._marker = wire.run_marker(env)
            self._members: Callable[[], Iterable[int]] = self._cgroup.pids if self._cgroup else tuple
            prepare = supervise.child_setup(
                self._pipes.child_ends, rlimits(limits), self._cgroup.procs_files() if self._cgroup else ()
            )
            try:
                self._stop = stopping.start(self._marker, self._members)  # a stop finds it by marker
                self.started = time.monotonic()
                self.process = popen(
                    command, env, self._box, self._pipes.child_ends[1], self._pipes.child_ends[2], prepare
                )
            finally:
                self._pipes.close_child_ends()
            stopping.started(self._stop, self.process.pid)
        except BaseException:
            self.close()
            raise

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def serve(self, request: bytes, limits: Limits) -> ChildRun:
        """Send the request, pump the pipes until the child ends or a limit trips (its start-up
        counted from the launch), then kill what is left of the run."""
        child, pipes, self.process, self._pipes = self.process, self._pipes, None, None
        assert child is not None and pipes is not None, "a launched child serves one request"
        streams = channels.Streams(request, pipes, limits)
        end, result = supervise.supervise(
            child.pid,
            streams,
            limits,
            self._marker,
            self.started,
            lambda: reaper.kill_tree(child.pid, self._marker, self._members),
        )
        child.returncode = os.waitstatus_to_exitcode(end.status)
        memory = self._cgroup.counters().rose_since(Counters()) if self._cgroup else None  # it started empty
        return ended.classify(end, result, layer=self.layer, wrapper=self.layer, memory=memory)

    def close(self) -> None:
        """Kill a child that was never served, then remove the run's traces."""
        if self.process is not None:
            reaper.kill_tree(self.process.pid, self._marker, self._members)
            self.process.wait()
            self.process = None
        if self._pipes is not None:
            self._pipes.close_parent_ends()
            self._pipes = None
        if self._stop is not None:
            stopping.finish(self._stop)
            self._stop = None
        if self._cgroup is not None:
            self._cgroup.remove()
            self._cgroup = None
        reaper.remove_box(self._box)


# An early worker's launch limits: a check's own but for the clocks, as loose as any check's (its
# CPU budget is cut to the check's at the ready signal, and its wall clock is the check's own).
EARLY_LIMITS = Limits(wall_seconds=600.0)


class EarlyWorker(contextlib.AbstractContextManager["EarlyWorker"]):
    """The worker child of one cold check (`vecdrill check FILE`), launched before the check is
    planned: it imports torch while this process imports the checking code, reads the catalogue,
    gates and plans (a third of a second the child used to wait). Its box hides `hidden`, all that
    any check of the session must hide. `run` is a `Runner`: the first request that box serves
    goes to the child, anything else runs as `run_sandboxed` runs it; an unused child is killed."""

    def __init__(self, isolation: IsolationReport, hidden: frozenset[Path]) -> None:
        self._layout = Layout(isolation, frozenset(), hidden)
        launched = Launched(wire.WORKER_ARGS, isolation, frozenset(), hidden, EARLY_LIMITS)
        self._child: Launched | None = launched

    def __exit__(self, *exc_info: object) -> None:
        if self._child is not None:
            self._child.close()

    def run(self, run: RunRequest) -> ChildRun:
        child, self._child = self._child, None
        if child is not None:
            with child:
                if self.serves(run):
                    return child.serve(run.payload, run.limits)
        return run_sandboxed(run)

    def serves(self, run: RunRequest) -> bool:
        """Whether the early child's box is as strict as `run` asks (`Layout.covers`, as a warm
        zygote's must be) and it runs the same program under the same limits but for the clocks."""
        limits = run.limits
        loosened = replace(limits, wall_seconds=EARLY_LIMITS.wall_seconds, cpu_seconds=None)
        return (
            run.args == wire.WORKER_ARGS
            and self._layout.covers(run.layout)
            and loosened == EARLY_LIMITS
            and limits.cpu_soft_seconds <= EARLY_LIMITS.cpu_soft_seconds
        )


def backstop(data_bytes: int) -> Cgroup | None:
    """A cgroup capping the run's memory at `data_bytes`, where one is writable: the backstop
    is optional (rlimits hold without it)."""
    try:
        return Cgroup.create(data_bytes)
    except OSError:
        return None


def child_command(
    args: Sequence[str],
    box: Path,
    layer: Isolation,
    readable: Sequence[Path],
    scratch_bytes: int,
    hidden: Sequence[str] = (),
    *,
    zygote: bool = False,
) -> list[str]:
    """The command line: the interpreter, wrapped in the layer's launcher (under unshare, the
    launcher's namespaces and then `child.enclosure`, which covers what is hidden). Only the
    warm zygote keeps its capabilities, to give each check namespaces of its own. On a GPU
    machine the uvm device node is made first (every layer's child needs it; bwrap's box is
    fixed at launch)."""
    make_uvm_node()
    python = [sys.executable, "-I", "-X", "faulthandler", "-u", *args]
    if layer is Isolation.PLAIN:
        return python
    if layer is Isolation.UNSHARE:
        plan = wire.EnclosurePlan(str(box), scratch_bytes, list(hidden), keep_capabilities=zygote)
        enclose = [sys.executable, "-I", "-m", wire.ENCLOSURE_MODULE, wire.encode_message(plan).decode()]
        return [tool("unshare"), *UNSHARE_FLAGS, "--", *enclose, "--", *python]
    return bwrap_command(
        python, box, readable, scratch_bytes, hidden, gpu_device_nodes(), keep_capabilities=zygote
    )


def resolve_hidden(hidden_paths: Iterable[Path]) -> list[str]:
    """Hidden paths as the real paths the mounts and the guard compare against."""
    return sorted({os.path.realpath(path) for path in hidden_paths})


def child_environment(box: Path, isolation: IsolationReport, limits: Limits) -> dict[str, str]:
    """A scrubbed environment: ours, and on a GPU machine the CUDA variables. It names no hidden
    path: the layers that can cover them do so before the child's code runs, and under plain the
    request tells the guard.

    malloc keeps its defaults on purpose: fixed glibc thresholds steadied some timings but made
    an allocating numpy solution 2.7x faster than in the learner's own Python (page faults that
    every real call pays were gone), so the speedup would no longer be the learner's.
    """
    threads = str(limits.threads)
    env = {
        "PATH": _SAFE_PATH,
        "HOME": str(box),
        "TMPDIR": str(box),
        "LANG": "C.UTF-8",
        "OMP_NUM_THREADS": threads,
        "MKL_NUM_THREADS": threads,
        "OPENBLAS_NUM_THREADS": threads,
        wire.REQUEST_FD_ENV: str(wire.REQUEST_FD),
        wire.RESULT_FD_ENV: str(wire.RESULT_FD),
        wire.BOX_ENV: str(box),
        wire.LAYER_ENV: isolation.layer.value,
        wire.SECCOMP_ENV: "1" if isolation.seccomp else "0",
        wire.MARKER_ENV: uuid.uuid4().hex,
    }
    if gpu_device_nodes():
        env.update({name: os.environ[name] for name in GPU_ENV if name in os.environ})
        env["CUDA_CACHE_DISABLE"] = "1"  # a JIT cache in the box would meet the file-size limit
    return env


def popen(
    command: list[str],
    env: dict[str, str],
    box: Path,
    stdout: int | IO[bytes],
    stderr: int | IO[bytes],
    prepare: Callable[[], None],
) -> subprocess.Popen[bytes]:
    """Start a child as every child starts, cold or a zygote: no stdin, in its box, in a session
    of its own, inheriting only the fds that `prepare` (`supervise.child_setup`) places."""
    return subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        cwd=box,
        env=env,
        close_fds=False,
        start_new_session=True,
        preexec_fn=prepare,
    )
