"""The warm worker's long-lived sandboxed process: `python -I -m vecdrill.child.zygote`.

It pays for importing torch once, then forks one grandchild per check, so a re-check costs a fork
instead of an interpreter start. Forking is only safe under three rules this module keeps:

* a process that has run a multi-threaded torch op deadlocks the parallel ops of its forked
  children, so the zygote pins torch to one thread first and then only imports, never computes;
* forked children would share random state, so each grandchild draws new seeds;
* CUDA cannot be used in a child forked after its parent initialised it, so the zygote never
  does: torch answers `torch.cuda.is_available()` through NVML here (no driver initialisation),
  nothing preloaded touches CUDA (a test imports `PRELOADED` and watches torch.cuda), and each
  fork first checks `torch.cuda.is_initialized()`. A CUDA check's grandchild starts CUDA itself
  (`child.gpu`), so a warm CUDA verdict costs a fork plus one CUDA context, never an interpreter;
* each grandchild is a whole sandboxed run, prepared and watched by the same `supervisor` code as a
  cold child: its fds, own session, the run's rlimits with the start-up CPU allowance, both clocks,
  capped output, and the ordinary worker, which compiles the learner's bytes itself (no bytecode
  cache) and installs the guards.

Nothing a grandchild does may reach the zygote, the parent's judgement or the next check, whatever
code it runs (`child.enclosure` builds the walls): the zygote is undumpable, so no process without
CAP_SYS_PTRACE opens its memory, fds or environment through /proc or traces it; its control
channels are sockets, which cannot be reopened by path; each grandchild starts as pid 1 of a pid
namespace of its own (it cannot see or signal the zygote) with a mount namespace, a /proc and
empty scratch places of its own that vanish with it, and it drops every capability before any of
its code runs. Under the plain layer (whose cold children have no namespaces either) or where the
kernel refuses them, checks share the zygote's namespaces, and the zygote says so in `Ready`.

The control messages (see `wire`) carry the facts of how each grandchild ended back to the parent,
which judges them as it judges a cold run; each answer follows the ticket of its order.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import tempfile
import time
import warnings
from pathlib import Path

from vecdrill import wire
from vecdrill.child import enclosure
from vecdrill.content.drill import Drill
from vecdrill.supervisor import channels, reaper, supervise
from vecdrill.supervisor.limits import Limits, rlimits, undumpable

# Imported once here because a check would import them lazily in every grandchild; torch._dynamo
# alone costs seconds (torch's dispatch-mode helpers pull it in on first use). Only what a check
# imports: torch.utils.benchmark, for one, asks for CUDA at import on some torch versions.
PRELOADED = (
    "numpy",
    "numpy.random",
    "torch._dynamo",
    "torch.utils._python_dispatch",
    "pyseccomp",
    wire.WORKER_MODULE,
)
NVML_CHECK_ENV = "PYTORCH_NVML_BASED_CUDA_CHECK"  # torch: is_available() without initialising CUDA


class CudaInitialised(RuntimeError):
    """CUDA was initialised in the zygote: a forked check could not use it."""


def main() -> None:
    undumpable()
    namespaces = enclosure.CheckNamespaces(wanted=os.environ.get(wire.LAYER_ENV) != "plain")
    os.environ[NVML_CHECK_ENV] = "1"  # before torch is imported, which reads it
    import torch

    torch.set_num_threads(1)  # before anything else touches torch: see the module docstring
    for name in PRELOADED:
        __import__(name)
    wire.learn_types(wire.WorkerRequest, Drill)
    warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
    requests, answers = int(os.environ[wire.REQUEST_FD_ENV]), int(os.environ[wire.RESULT_FD_ENV])
    wire.send(answers, wire.encode_message(wire.Ready(os.getpid(), namespaces.available)))
    while True:
        try:
            ticket, _ = wire.receive(requests)
            header, request = wire.receive(requests)
        except EOFError:
            os._exit(0)  # the parent is done with us
        ended, result = serve(request, wire.decode_message(header, Limits), namespaces)
        wire.send(answers, ticket)
        wire.send(answers, wire.encode_message(ended), result or b"")


def serve(
    request: bytes, limits: Limits, namespaces: enclosure.CheckNamespaces
) -> tuple[supervise.ChildEnd, bytes | None]:
    """Run one check in a forked grandchild, watched as a cold child is."""
    ensure_fork_safe()
    scratch = Path(tempfile.mkdtemp(prefix="check-", dir=Path.cwd()))
    run_pipes = channels.RunPipes.open(with_ready=limits.startup_seconds > 0)
    marker = wire.run_marker(os.environ)
    started = time.monotonic()
    namespaces.before_fork()
    try:
        pid = os.fork()
        if pid == 0:
            _become_worker(scratch, run_pipes, limits, own_box=namespaces.available)  # never returns
    finally:
        namespaces.after_fork()
    run_pipes.close_child_ends()
    streams = channels.Streams(request, run_pipes, limits)
    try:
        return supervise.supervise(
            pid, streams, limits, marker, started, lambda: _kill_all_but_self(pid, marker)
        )
    finally:
        _reap_orphans()
        with contextlib.suppress(OSError):  # a box we cannot empty fails the next mkdtemp: a new zygote
            for left in Path.cwd().iterdir():  # the scratch, and whatever else this check left in the box
                if left.is_dir() and not left.is_symlink():
                    reaper.remove_box(left)
                else:
                    left.unlink()


def ensure_fork_safe() -> None:
    """Refuse to fork once CUDA is initialised here; the parent then runs the check cold."""
    import torch

    if torch.cuda.is_initialized():  # type: ignore[no-untyped-call]
        raise CudaInitialised("CUDA was initialised in the warm worker, so a forked check could not use it")


def _become_worker(scratch: Path, run_pipes: channels.RunPipes, limits: Limits, *, own_box: bool) -> None:
    """In the grandchild: its own mounts and scratch places (`own_box`: in its own pid namespace),
    what Popen and `supervise.child_setup` give a cold child (own session, the run's fds and nothing
    else, its limits), no capability, then its own folder and fresh randomness, then the worker."""
    try:
        if own_box:
            enclosure.enter_check_box(str(scratch), limits.scratch_bytes)
        os.setsid()  # as a cold child's start_new_session: one killpg ends it and what it starts
        stdin = os.open(os.devnull, os.O_RDONLY)
        supervise.child_setup({0: stdin, **run_pipes.child_ends}, rlimits(limits), exec_follows=False)()
        enclosure.drop_capabilities()
        os.chdir(scratch)
        os.environ.update({"HOME": str(scratch), "TMPDIR": str(scratch)})
        if run_pipes.ready is not None:
            os.environ[wire.READY_FD_ENV] = str(wire.READY_FD)
        tempfile.tempdir = None  # recomputed from TMPDIR, inside this run's folder
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


def _kill_all_but_self(pid: int, marker: bytes) -> None:
    """End the grandchild's session and anything it left behind, sparing only the zygote."""
    if os.getpid() == 1:  # a namespace's init (bwrap, unshare): every process but itself
        with contextlib.suppress(ProcessLookupError):
            os.kill(-1, signal.SIGKILL)
    else:
        reaper.kill_tree(pid, marker)


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
