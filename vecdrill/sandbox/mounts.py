"""What the filesystem looks like to a child under bubblewrap.

The host's root, read-only; an empty tmpfs over each place that holds other people's files or
scratch space (/tmp, homes, /run, /dev/shm); the interpreter, vecdrill and the caller's readable
folders bound back read-only; the hidden paths covered; and the box, a tmpfs of its own. Every
writable place is a tmpfs of a fixed size, so a solution cannot fill the host's disk.

`/dev` is bubblewrap's own minimal one (null, zero, random, urandom, tty, ptmx, pts, shm, full)
plus the GPU's device nodes where the host has them, so CUDA works in the box; nothing else of
the host's `/dev` comes in. The driver's libraries need nothing more: the host's root is visible
read-only, and `/run` (masked) holds none of them. On some machines `/dev/nvidia-uvm`, which
CUDA cannot start without, appears only when something first starts CUDA after boot (the driver
runs `nvidia-modprobe` as root then); a box built before that would lack it for good, so
`make_uvm_node` makes it first.
"""

import functools
import glob
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from vecdrill.sandbox.isolation import BWRAP_FLAGS, tool

_MASKED = ("/tmp", "/var/tmp", "/root", "/home", "/run")  # tmpfs over these
_EMPTY_FILE = ".vecdrill-empty"  # in the host's box: bound over hidden files that have no stand-in
DEVICES_ENV = "VECDRILL_GPU_DEVICES"  # colon-separated globs of the device nodes a box gets
DEFAULT_DEVICES = "/dev/nvidia*:/dev/nvidia-caps/*"


def bwrap_command(
    python: list[str],
    box: Path,
    readable: Sequence[Path],
    scratch_bytes: int,
    hidden: Mapping[str, str | None],
    devices: Sequence[str] = (),
) -> list[str]:
    """`python` under bwrap. Each existing `hidden` path is covered: a file by its stand-in (or an
    empty file), a folder by an empty read-only tmpfs. Each of `devices` is bound at its own path
    (skipped if it vanished meanwhile)."""
    scratch = ["--size", str(scratch_bytes), "--tmpfs"]
    command = [tool("bwrap"), *BWRAP_FLAGS, "--ro-bind", "/", "/"]
    for masked in _MASKED:
        if os.path.isdir(masked):
            command += [*scratch, masked]
    command += ["--proc", "/proc", "--dev", "/dev", *scratch, "/dev/shm"]
    for node in devices:  # after --dev, which would hide them
        command += ["--dev-bind-try", node, node]
    for path in _outermost({*_interpreter_dirs(), *(str(path) for path in readable)}):
        command += ["--ro-bind-try", path, path]  # after the tmpfs mounts, which would hide them
    for path, stand_in in hidden.items():  # after the binds, which may hold them
        if os.path.isdir(path):
            command += ["--tmpfs", path, "--remount-ro", path]
        elif os.path.lexists(path):
            if stand_in is None:
                stand_in = str(box / _EMPTY_FILE)
                Path(stand_in).touch()  # the child sees its own tmpfs box, never this file
            command += ["--ro-bind", stand_in, path]
    return [*command, *scratch, str(box), "--chdir", str(box), "--", *python]


GPU_NODE_GLOB = "/dev/nvidia[0-9]*"  # one per GPU
UVM_NODE = "/dev/nvidia-uvm"
_START_DRIVER = "import ctypes; ctypes.CDLL('libcuda.so.1').cuInit(0)"  # no context, no torch


@functools.cache
def make_uvm_node() -> None:
    """Where a GPU is there but `/dev/nvidia-uvm` is not yet: ask the driver's own helper for it
    (`nvidia-modprobe -u`, milliseconds), else start the driver once in a short-lived process
    (cuInit makes the node as root, and leaves no CUDA context in vecdrill). Once per process,
    and a failure is left to the child's CUDA start to report."""
    if not glob.glob(GPU_NODE_GLOB) or os.path.exists(UVM_NODE):
        return
    helper = shutil.which("nvidia-modprobe")
    attempts = [[helper, "-u", "-c=0"]] if helper else []
    attempts.append([sys.executable, "-I", "-c", _START_DRIVER])
    for command in attempts:
        try:
            subprocess.run(command, capture_output=True, timeout=60, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if os.path.exists(UVM_NODE):
            return


def gpu_device_nodes() -> list[str]:
    """The host's GPU device nodes (character devices only), from $VECDRILL_GPU_DEVICES or the
    NVIDIA default: none on a machine without a GPU, so its boxes do not change."""
    patterns = (os.environ.get(DEVICES_ENV) or DEFAULT_DEVICES).split(":")
    nodes = sorted({path for pattern in patterns if pattern for path in glob.glob(pattern)})
    return [path for path in nodes if _is_char_device(path)]


def _is_char_device(path: str) -> bool:
    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


def _interpreter_dirs() -> set[str]:
    """What the child needs to read: the venv, the real interpreter, and the folder holding the
    vecdrill package (site-packages, or a source checkout, whose tests run scripts from it)."""
    dirs = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
        str(Path(__file__).resolve().parents[2]),
    }
    return dirs | {os.path.realpath(path) for path in dirs}


def _outermost(paths: set[str]) -> list[str]:
    """Sorted absolute paths without those inside another one (binding the parent suffices);
    never "/" itself, which would uncover the masked directories again."""
    absolute = sorted({os.path.abspath(path) for path in paths} - {"/"})
    return [p for p in absolute if not any(p.startswith(q.rstrip("/") + "/") for q in absolute)]
