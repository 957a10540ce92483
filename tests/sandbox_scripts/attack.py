"""Try one thing a solution must not do; print `ok` or `refused: <error>`.

argv: MODE ACTION [ARG]. MODE: bare (no guard), armed (as the worker arms it), hook (audit hook
alone), seccomp (the seccomp filter alone, as bwrap runs load it) or seccomp-guarded (the seccomp
filter alone, as the unshare and plain layers load it).
"""

import ctypes
import os
import resource
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from vecdrill import wire


def arm(mode: str) -> None:
    if mode == "bare":
        return
    from vecdrill.child import guard

    if mode in ("seccomp", "seccomp-guarded"):
        guard._load_seccomp(plain_mode=mode == "seccomp-guarded")
        return
    if mode == "hook":
        os.environ.pop(wire.SECCOMP_ENV)
    plain = mode == "hook" or os.environ[wire.LAYER_ENV] != "bwrap"
    guard.install(Path.cwd(), int(os.environ[wire.RESULT_FD_ENV]), plain_mode=plain)


def fork() -> None:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)


def plant_symlinks(target: str) -> None:
    os.symlink(target, "dir-link")
    os.symlink(Path(target, "keep.txt"), "file-link")


def thread() -> None:
    worker = threading.Thread(target=sum, args=([1, 2],))
    worker.start()
    worker.join()


ACTIONS: dict[str, Callable[[str], object]] = {
    "write-victim": lambda arg: Path(arg, "keep.txt").write_text("overwritten"),
    "add-victim": lambda arg: Path(arg, "new.txt").write_text("planted"),
    "remove-victim": lambda arg: os.remove(Path(arg, "keep.txt")),
    "rmtree-victim": lambda arg: shutil.rmtree(arg),
    "connect": lambda arg: socket.create_connection(("127.0.0.1", int(arg)), 2).sendall(b"leak"),
    "subprocess": lambda arg: subprocess.run(["true"], check=False),
    "fork": lambda arg: fork(),
    "signal-parent": lambda arg: os.kill(os.getppid(), 0),
    "setrlimit": lambda arg: resource.setrlimit(
        resource.RLIMIT_DATA, resource.getrlimit(resource.RLIMIT_DATA)
    ),
    "ctypes": lambda arg: ctypes.CDLL(None),
    "open-write-victim": lambda arg: os.close(os.open(Path(arg, "keep.txt"), os.O_WRONLY)),
    "mkdir-victim": lambda arg: os.mkdir(Path(arg, "planted")),
    "chmod-victim": lambda arg: os.chmod(Path(arg, "keep.txt"), 0o777),
    "forge-result": lambda arg: open(  # noqa: SIM115
        int(os.environ[wire.RESULT_FD_ENV]), "wb", closefd=False
    ).write(b"forged"),
    "write-box": lambda arg: Path("inside.txt").write_text("fine"),
    "write-home": lambda arg: (Path.home() / ".bashrc").write_text("fine"),
    "read-outside": lambda arg: Path(sys.executable).read_bytes(),
    "plant-symlinks": lambda arg: plant_symlinks(arg),
    "thread": lambda arg: thread(),
}

arm(sys.argv[1])
try:
    ACTIONS[sys.argv[2]](sys.argv[3] if len(sys.argv) > 3 else "")
except Exception as exc:  # noqa: BLE001 - every refusal is reported, whatever its type
    print(f"refused: {type(exc).__name__}: {exc}")
else:
    print("ok")
