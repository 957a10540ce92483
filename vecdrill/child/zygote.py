"""The warm worker's long-lived sandboxed process: `python -I -m vecdrill.child.zygote`.

It pays for importing torch once, then forks one grandchild per check, so a re-check costs a fork
instead of an interpreter start; and it forks each check's grandchild before the check arrives (a
`Spare`, boxed and waiting for its limits), so a re-check waits for neither.

Forking is only safe under the rules this module keeps:

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
import ctypes
import os
import random
import signal
import tempfile
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

from vecdrill import wire
from vecdrill.child import enclosure
from vecdrill.content.drill import Drill
from vecdrill.supervisor import channels, reaper, supervise
from vecdrill.supervisor.limits import Limits, rlimits, set_rlimits, undumpable

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
_MADV_COLLAPSE = 25  # Linux 6.1 and later: back a range with huge pages now
_HUGE_PAGE = 2 * 1024**2


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
    _collapse_into_huge_pages()
    warnings.filterwarnings("ignore", message=".*fork.*", category=DeprecationWarning)
    requests, answers = int(os.environ[wire.REQUEST_FD_ENV]), int(os.environ[wire.RESULT_FD_ENV])
    wire.send(answers, wire.encode_message(wire.Ready(os.getpid(), namespaces.available)))
    shape = Shape.of(Limits())
    while True:
        spare = fork_spare(shape, namespaces)  # while the learner types, off the next check's clock
        try:
            ticket, _ = wire.receive(requests)
            header, request = wire.receive(requests)
        except EOFError:
            os._exit(0)  # the parent is done with us; the spare dies with us
        limits = wire.decode_message(header, Limits)
        ended, result = serve(request, limits, namespaces, spare)
        shape = Shape.of(limits)
        wire.send(answers, ticket)
        wire.send(answers, wire.encode_message(ended), result or b"")


@dataclass(frozen=True)
class Shape:
    """What a check's process needs to know before its limits arrive: the size of its scratch
    places and whether its start-up has a clock of its own (a ready channel)."""

    scratch_bytes: int
    startup: bool

    @classmethod
    def of(cls, limits: Limits) -> Shape:
        return cls(limits.scratch_bytes, limits.startup_seconds > 0)


@dataclass(frozen=True)
class Spare:
    """A check's process forked before its check: boxed, set up and without a capability, it waits
    on its request pipe for the check's limits, then runs the worker. The fork (page tables of some
    200 MB) and the box took 15 ms of the time between a save and its verdict; now neither does."""

    pid: int
    pipes: channels.RunPipes
    shape: Shape

    def discard(self) -> None:
        """End a spare made for another shape of check, before any of a check's code ran in it."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        self.pipes.close_parent_ends()


def fork_spare(shape: Shape, namespaces: enclosure.CheckNamespaces) -> Spare:
    """Fork the next check's process (in a pid namespace of its own where `namespaces` allow)."""
    ensure_fork_safe()
    scratch = Path(tempfile.mkdtemp(prefix="check-", dir=Path.cwd()))
    run_pipes = channels.RunPipes.open(with_ready=shape.startup)
    namespaces.before_fork()
    try:
        pid = os.fork()
        if pid == 0:
            _become_worker(scratch, run_pipes, shape, own_box=namespaces.available)  # never returns
    finally:
        namespaces.after_fork()
    run_pipes.close_child_ends()
    return Spare(pid, run_pipes, shape)


def serve(
    request: bytes, limits: Limits, namespaces: enclosure.CheckNamespaces, spare: Spare | None = None
) -> tuple[supervise.ChildEnd, bytes | None]:
    """Run one check in a forked grandchild (`spare`, unless it was made for another shape of
    check), watched as a cold child is. The limits go first down its request pipe."""
    if spare is None or spare.shape != Shape.of(limits):
        if spare is not None:
            spare.discard()
        spare = fork_spare(Shape.of(limits), namespaces)
    marker = wire.run_marker(os.environ)
    started = time.monotonic()
    streams = channels.Streams(wire.pack(wire.encode_message(limits)) + request, spare.pipes, limits)
    pid = spare.pid
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


def _collapse_into_huge_pages() -> None:
    """Back the zygote's private writable memory (Python's heap and arenas: some 200 MB once torch
    is in) with huge pages where the kernel can. A fork copies a page-table entry for each page,
    and the child's exit drops each again: with 2 MiB pages instead of 4 KiB ones both take a few
    milliseconds instead of some 25, and the exit is on the way to every verdict (a check's process
    that writes into a huge page still copies only 4 KiB). A few hundred milliseconds, once."""
    try:  # bytes: a mapped file's path may be in any language
        with open("/proc/self/maps", "rb") as maps:
            regions = [line.split() for line in maps]
    except OSError:  # no /proc: not Linux, no huge pages to ask for
        return
    madvise = ctypes.CDLL(None).madvise
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    for fields in regions:
        if fields[1] != b"rw-p" or (len(fields) > 5 and fields[5] != b"[heap]"):
            continue  # a file's pages, the stack, the vdso: not the heap or an anonymous mapping
        start, end = (int(bound, 16) for bound in fields[0].split(b"-"))
        first, last = -(-start // _HUGE_PAGE) * _HUGE_PAGE, end // _HUGE_PAGE * _HUGE_PAGE
        if last > first:
            madvise(first, last - first, _MADV_COLLAPSE)  # an error: that range stays as it was


def ensure_fork_safe() -> None:
    """Refuse to fork once CUDA is initialised here; the parent then runs the check cold."""
    import torch

    if torch.cuda.is_initialized():  # type: ignore[no-untyped-call]
        raise CudaInitialised("CUDA was initialised in the warm worker, so a forked check could not use it")


def _become_worker(scratch: Path, run_pipes: channels.RunPipes, shape: Shape, *, own_box: bool) -> None:
    """In the grandchild: its own mounts and scratch places (`own_box`: in its own pid namespace),
    what Popen and `supervise.child_setup` give a cold child (own session, the run's fds and nothing
    else), no capability, its own folder and fresh randomness; then, once its check's limits come
    down the request pipe, those limits and the worker, which reads the rest of the pipe."""
    try:
        if own_box:
            enclosure.enter_check_box(str(scratch), shape.scratch_bytes)
        os.setsid()  # as a cold child's start_new_session: one killpg ends it and what it starts
        stdin = os.open(os.devnull, os.O_RDONLY)
        supervise.child_setup({0: stdin, **run_pipes.child_ends}, [], exec_follows=False)()
        enclosure.drop_capabilities()
        os.chdir(scratch)
        os.environ.update({"HOME": str(scratch), "TMPDIR": str(scratch)})
        if run_pipes.ready is not None:
            os.environ[wire.READY_FD_ENV] = str(wire.READY_FD)
        tempfile.tempdir = None  # recomputed from TMPDIR, inside this run's folder
        _reseed()
        header, _ = wire.receive(wire.REQUEST_FD)
        set_rlimits(rlimits(wire.decode_message(header, Limits)))
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
