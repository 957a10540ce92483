"""In-child guards, installed by the worker after its imports and before learner code runs.

Two independent layers:

* a seccomp deny-list (via pyseccomp, when the parent said it works here): the kernel refuses
  process creation, signals to other processes, sockets, limit changes and namespace tricks with
  EPERM, so the learner sees a readable ``PermissionError``;
* a PEP 578 audit hook in every layer: it refuses process creation, network, signals, limit
  changes, ctypes, and `exec` or `compile` asked by the solution's own code; under the layers
  without a read-only filesystem (unshare, plain) also writes outside the box and reads of the
  hidden paths. CPython says audit hooks are no sandbox: this is defence in depth and words for
  accidents, not the wall. Known gaps: ``os.write`` on an inherited fd (the result fd included)
  raises no audit event, C code (``torch.from_file``) opens files without one, and paths relative
  to a ``dir_fd`` are judged as if relative to the working directory. Seccomp closes the writing
  half of the C gap (on these layers it refuses every file opened for writing); the kernel's
  covers over the hidden paths (bubblewrap, unshare) close the reading half.

This module runs inside the child, so it imports only the standard library (and `wire`, which
does too) at module level.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vecdrill import wire
from vecdrill.child import enclosure

_CLONE_THREAD = 0x00010000

# Denied in every layer: escapes, other processes, kernel attack surface, network, limits.
_DENIED_SYSCALLS = (
    *("execve", "execveat", "fork", "vfork"),  # new programs and processes
    *("ptrace", "process_vm_readv", "process_vm_writev"),  # other processes' memory
    *("tkill", "pidfd_open", "pidfd_send_signal", "pidfd_getfd", "rt_sigqueueinfo", "rt_tgsigqueueinfo"),
    *("mount", "umount2", "pivot_root", "chroot", "unshare", "setns"),  # mounts and namespaces
    *("open_tree", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr"),
    *("keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd"),  # kernel surface
    *("io_uring_setup", "io_uring_enter", "io_uring_register"),
    *("setrlimit", "socket"),
)
# Denied too where the filesystem is not read-only around the box: the audit hook checks paths,
# but C code never meets it and seccomp cannot tell the box from the host, so every call that
# creates, removes or changes a file by path is refused, and so is opening one for writing.
_DENIED_WITHOUT_READONLY_FS = (
    *("unlink", "unlinkat", "rmdir", "rename", "renameat", "renameat2"),
    *("creat", "openat2", "open_by_handle_at", "truncate", "mkdir", "mkdirat", "mknod", "mknodat"),
    *("link", "linkat", "symlink", "symlinkat"),
    *("chmod", "fchmod", "fchmodat", "chown", "fchown", "lchown", "fchownat"),
    *("utime", "utimes", "futimesat", "utimensat"),
    *("setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr"),
)
_WRITE_OPEN_FLAGS = (os.O_WRONLY, os.O_RDWR, os.O_CREAT, os.O_TRUNC, os.O_APPEND)
_OPEN_FLAGS_ARGUMENT = {"open": 1, "openat": 2}

_DYNAMIC_CODE_EVENTS = frozenset({"exec", "compile"})  # refused when the solution's own code asks
_ALWAYS_REFUSED_EVENTS = frozenset(
    {
        *("os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "subprocess.Popen"),
        *("os.kill", "os.killpg", "signal.pthread_kill", "resource.setrlimit"),
        *("socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg"),
        *("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr"),
    }
)
# Audit events that change the filesystem, and which of their arguments are paths it changes.
_PATH_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.mkdir": (0,),
    "os.rename": (0, 1),
    "os.link": (1,),
    "os.symlink": (1,),
    "os.chmod": (0,),
    "os.chown": (0,),
    "os.truncate": (0,),
    "os.utime": (0,),
    "os.chflags": (0,),
    "os.lchflags": (0,),
    "shutil.rmtree": (0,),
    "shutil.move": (0, 1),
    "shutil.copyfile": (1,),
    "shutil.copymode": (1,),
    "shutil.copystat": (1,),
    "shutil.copytree": (1,),
    "shutil.chown": (0,),
    "sqlite3.connect": (0,),
}
# Audit events that read the filesystem, and which of their arguments are paths they read.
_READ_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "open": (0,),
    "os.listdir": (0,),
    "os.scandir": (0,),
    "os.link": (0,),
    "shutil.copyfile": (0,),
    "shutil.copytree": (0,),
    "shutil.move": (0,),
}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
# Folders torch makes by itself, pointed into the box and made before the guards, which refuse
# mkdir there too. Importing torch._dynamo (the first torch.func call does) builds its disk cache
# from torch._inductor's cache_dir(), which runs os.makedirs($TORCHINDUCTOR_CACHE_DIR, exist_ok=True);
# unset, that is TMPDIR/torchinductor_<user>. With the folder there, the refused mkdir is harmless.
_TORCH_CACHE_FOLDERS = {"TORCHINDUCTOR_CACHE_DIR": "torchinductor"}


def install(
    box: Path,
    result_fd: int,
    *,
    plain_mode: bool,
    hidden: Sequence[str] = (),
    learner_file: str | None = None,
) -> None:
    """Arm the guards for the rest of this process; call once, after warm-ups.

    The audit hook is armed in every layer, as defence in depth behind the box: it refuses new
    processes, network, signals, limit changes and ctypes, and `exec`/`compile` called by the
    code of `learner_file`. ``plain_mode`` is true where the filesystem is not read-only around
    the box (unshare, plain): then the hook also refuses writes outside the box and reads of
    `hidden`, and seccomp refuses every change to a file, in the box too.
    """
    tempfile.gettempdir()  # it probes by creating and unlinking a file: do that before seccomp
    _make_torch_folders(box)
    enclosure.drop_capabilities()  # bwrap and the zygote have done so; a plain child run by root has not
    if os.environ.get(wire.SECCOMP_ENV) == "1":
        _load_seccomp(plain_mode)  # first: pyseccomp needs ctypes, which the hook refuses
    paths = _PathRules(box, result_fd, [str(path) for path in hidden]) if plain_mode else None
    sys.addaudithook(_Guard(paths, learner_file))


def signal_ready() -> None:
    """Tell the sandbox that start-up is over: its wall clock for the solution starts now."""
    mark(b"R")


def mark(byte: bytes) -> None:
    """After the ready signal: a mark around a step whose CPU time the sandbox reads from outside
    this process (`supervisor.channels.Mark`), waiting for its answer so that the reading is taken
    while this process is still at the mark."""
    with contextlib.suppress(KeyError, ValueError, OSError):
        fd = int(os.environ[wire.READY_FD_ENV])
        os.write(fd, byte)
        if byte != b"R":
            os.read(fd, 1)


def _make_torch_folders(box: Path) -> None:
    """Give torch, in every layer alike, the folders it would otherwise make after the guards."""
    for variable, name in _TORCH_CACHE_FOLDERS.items():
        folder = box / name
        folder.mkdir(exist_ok=True)
        os.environ[variable] = str(folder)


def _load_seccomp(plain_mode: bool) -> None:
    import pyseccomp as sc

    refuse = sc.ERRNO(errno.EPERM)
    syscalls = _DENIED_SYSCALLS + (_DENIED_WITHOUT_READONLY_FS if plain_mode else ())
    seccomp_filter = sc.SyscallFilter(sc.ALLOW)
    for name in syscalls:
        if sc.resolve_syscall(sc.system_arch(), name) >= 0:  # skip calls this arch lacks
            seccomp_filter.add_rule(refuse, name)
    if plain_mode:
        for name, argument in _OPEN_FLAGS_ARGUMENT.items():
            if sc.resolve_syscall(sc.system_arch(), name) >= 0:
                for flag in _WRITE_OPEN_FLAGS:
                    seccomp_filter.add_rule(refuse, name, sc.Arg(argument, sc.MASKED_EQ, flag, flag))
    # New processes (clone without CLONE_THREAD); threads stay allowed. clone3 hides its flags
    # in memory, so it gets ENOSYS and glibc falls back to clone.
    seccomp_filter.add_rule(refuse, "clone", sc.Arg(0, sc.MASKED_EQ, _CLONE_THREAD, 0))
    seccomp_filter.add_rule(sc.ERRNO(errno.ENOSYS), "clone3")
    # Signals only to itself (abort() and thread signals still work).
    own_pid = os.getpid()
    for name in ("kill", "tgkill"):
        seccomp_filter.add_rule(refuse, name, sc.Arg(0, sc.NE, own_pid))
    seccomp_filter.add_rule(refuse, "prlimit64", sc.Arg(2, sc.NE, 0))  # reading limits is fine
    seccomp_filter.load()


class _Guard:
    """The audit hook: refuses what a solution should never do, with a sentence saying so."""

    def __init__(self, paths: _PathRules | None, learner_file: str | None) -> None:
        self._paths = paths
        self._learner_file = learner_file

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if event in _ALWAYS_REFUSED_EVENTS or event.startswith("ctypes."):
            raise PermissionError(f"the vecdrill sandbox does not allow {event} in a solution")
        if event in _DYNAMIC_CODE_EVENTS and self._called_by_the_solution():
            raise PermissionError(
                f"the vecdrill sandbox does not allow running code made from a string ({event}) in a "
                "solution: write the code itself"
            )
        if self._paths is not None:
            self._paths.check(event, args)

    def _called_by_the_solution(self) -> bool:
        """Whether the code that raised the event is the solution's (its file, or code it made
        from a string), not a library's: torch and the standard library compile code too."""
        caller = sys._getframe(2).f_code.co_filename  # 0: here, 1: __call__, 2: who raised it
        return caller == self._learner_file or (caller.startswith("<") and not caller.startswith("<frozen"))


class _PathRules:
    """Where the filesystem is not read-only around the box: no writes outside it, no reads of
    the hidden paths (by name: C code and `dir_fd` opens escape this, which is why only the
    layers that cover the hidden paths in the kernel keep them out of reach)."""

    def __init__(self, box: Path, result_fd: int, hidden: list[str]) -> None:
        self._box = os.path.realpath(box)
        self._result_fd = result_fd
        self._hidden = [os.path.realpath(path) for path in hidden]

    def check(self, event: str, args: tuple[Any, ...]) -> None:
        for index in _READ_ARGUMENTS.get(event, ()):
            self._refuse_hidden(args[index])
        if event == "open":
            self._check_open(args[0], args[2])
            return
        for index in _PATH_ARGUMENTS.get(event, ()):
            self._require_inside_box(args[index], event)

    def _refuse_hidden(self, target: object) -> None:
        if not isinstance(target, (str, bytes, os.PathLike)):
            return  # a file descriptor, or nothing (os.listdir() reads the working directory)
        path = os.path.realpath(os.fsdecode(target))
        if any(os.path.commonpath([path, hidden]) == hidden for hidden in self._hidden):
            raise PermissionError(f"the vecdrill sandbox hides {path!r} from solutions: it holds answers")

    def _check_open(self, target: object, flags: object) -> None:
        if target == self._result_fd:
            raise PermissionError("the vecdrill sandbox reserves the result channel for itself")
        if isinstance(flags, int) and flags & _WRITE_FLAGS:
            self._require_inside_box(target, "writing a file")

    def _require_inside_box(self, target: object, what: str) -> None:
        if not isinstance(target, (str, bytes, os.PathLike)):
            return  # a file descriptor: its path is unknown here
        path = os.path.realpath(os.fsdecode(target))
        if os.path.commonpath([path, self._box]) != self._box:
            raise PermissionError(f"the vecdrill sandbox does not allow {what} outside its box: {path!r}")
