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

import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
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
    "Isolation",
    "IsolationReport",
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
    reaper.reap_stale_boxes()
    box = Path(tempfile.mkdtemp(prefix=reaper.owned_name("box")))
    try:
        cgroup = backstop(run.limits.data_bytes + CGROUP_HEADROOM)
        try:
            hidden = resolve_hidden(run.hidden)
            layer, readable = run.isolation.layer, sorted(run.readable)
            command = child_command(run.args, box, layer, readable, run.limits.scratch_bytes, hidden)
            child_env = child_environment(box, run.isolation, run.limits)
            return _supervise(command, child_env, box, run.payload, run.limits, layer, cgroup)
        finally:
            if cgroup is not None:
                cgroup.remove()
    finally:
        reaper.remove_box(box)


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


def _supervise(
    command: list[str],
    child_env: dict[str, str],
    box: Path,
    request: bytes,
    limits: Limits,
    layer: Isolation,
    cgroup: Cgroup | None,
) -> ChildRun:
    """Start the child, pump its pipes until it ends or a limit trips, then kill what is left."""
    run_pipes = channels.RunPipes.open(with_ready=limits.startup_seconds > 0)
    prepare = supervise.child_setup(
        run_pipes.child_ends, rlimits(limits), cgroup.procs_files() if cgroup is not None else ()
    )
    if run_pipes.ready is not None:
        child_env = {**child_env, wire.READY_FD_ENV: str(wire.READY_FD)}
    marker = wire.run_marker(child_env)
    members: Callable[[], Iterable[int]] = cgroup.pids if cgroup is not None else tuple
    try:
        run = stopping.start(marker, members)  # before the process exists: a stop finds it by marker
    except BaseException:
        run_pipes.close_child_ends()
        run_pipes.close_parent_ends()
        raise
    try:
        started = time.monotonic()
        try:
            child = popen(command, child_env, box, run_pipes.child_ends[1], run_pipes.child_ends[2], prepare)
        except BaseException:
            run_pipes.close_parent_ends()
            raise
        finally:
            run_pipes.close_child_ends()
        stopping.started(run, child.pid)
        streams = channels.Streams(request, run_pipes, limits)
        end, result = supervise.supervise(
            child.pid, streams, limits, marker, started, lambda: reaper.kill_tree(child.pid, marker, members)
        )
    finally:
        stopping.finish(run)
    child.returncode = os.waitstatus_to_exitcode(end.status)
    memory = cgroup.counters().rose_since(Counters()) if cgroup is not None else None  # it started empty
    return ended.classify(end, result, layer=layer, wrapper=layer, memory=memory)
