"""What the filesystem looks like to a child under bubblewrap: only what it needs, read-only.

The box is not the host's root with holes cut in it but a new root holding what a Python that
imports torch needs: the system's programs and libraries (/usr, the /bin and /lib links, /etc
without the files only their owner may read, /sys), the interpreter and vecdrill's own package,
the folders of LD_LIBRARY_PATH, and whatever the caller names as readable. Nothing else of the host
is there, so no other copy of a drill's answers (a clone of the catalogue, a teacher's pack, a git
history) can be opened by any path; the hidden paths that do lie inside a bound folder (the
built-in packs inside site-packages, say) are covered too. Every writable place (/tmp, /dev/shm,
the box) is a tmpfs of a fixed size, so a solution cannot fill the host's disk.

`/dev` is bubblewrap's own minimal one (null, zero, random, urandom, tty, ptmx, pts, shm, full)
plus the GPU's device nodes where the host has them, so CUDA works in the box; the driver's
libraries live under /usr or in a folder of LD_LIBRARY_PATH. On some machines `/dev/nvidia-uvm`,
which CUDA cannot start without, appears only when something first starts CUDA after boot (the
driver runs `nvidia-modprobe` as root then); a box built before that would lack it for good, so
`make_uvm_node` makes it first.
"""

import functools
import glob
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from vecdrill.sandbox.isolation import BWRAP_FLAGS, tool

_SYSTEM = ("/usr", "/etc", "/sys")  # bound read-only; /etc without its private files
_LINKS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")  # links into /usr, or folders
_SCRATCH = ("/tmp", "/var/tmp", "/dev/shm")  # empty, writable, of a fixed size
_EMPTY_FILE = ".vecdrill-empty"  # in the host's box: bound over hidden files
DEVICES_ENV = "VECDRILL_GPU_DEVICES"  # colon-separated globs of the device nodes a box gets
DEFAULT_DEVICES = "/dev/nvidia*:/dev/nvidia-caps/*"


def bwrap_command(
    python: list[str],
    box: Path,
    readable: Sequence[Path],
    scratch_bytes: int,
    hidden: Sequence[str],
    devices: Sequence[str] = (),
    *,
    keep_capabilities: bool = False,
) -> list[str]:
    """`python` under bwrap in a new, minimal root. Each `hidden` path inside a bound folder is
    covered: a folder by an empty read-only tmpfs, a file by an empty file. The child holds no
    capability unless `keep_capabilities` (the warm zygote, which builds each check's own pid and
    mount namespace and then drops them in the check's process)."""
    scratch = ["--size", str(scratch_bytes), "--tmpfs"]
    command = [tool("bwrap"), *BWRAP_FLAGS]
    if not keep_capabilities:
        command += ["--cap-drop", "ALL"]
    command += _system_binds()
    command += ["--proc", "/proc", "--dev", "/dev"]
    for place in _SCRATCH:
        command += [*scratch, place]
    for node in devices:  # after --dev, which would hide them
        command += ["--dev-bind-try", node, node]
    bound = _outermost({*bound_folders(), *(str(path) for path in readable)})
    for path in bound:
        if not any(_inside(path, system) for system in _SYSTEM):  # those are in the box already
            command += ["--ro-bind-try", path, path]
    # After the binds, which may hold them; only the outermost, since a folder covered already
    # is empty and read-only (a wheel's packs: vecdrill/drills, then vecdrill/drills/core).
    for path in _outermost({*private_etc_files(), *hidden}):
        if not any(_inside(path, folder) for folder in (*bound, *_SYSTEM)):
            continue  # not in the box at all
        if os.path.isdir(path):
            command += ["--tmpfs", path, "--remount-ro", path]
        elif os.path.lexists(path):
            empty = box / _EMPTY_FILE
            empty.touch()  # the child sees its own tmpfs box, never this file
            command += ["--ro-bind", str(empty), path]
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


def bound_folders() -> set[str]:
    """What a child needs to read besides the system: the venv, the real interpreter, the folder
    of the vecdrill package itself (not the checkout around it, whose drills, tests and history
    hold answers), and the folders of LD_LIBRARY_PATH (a GPU driver's libraries)."""
    dirs = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
        str(Path(__file__).resolve().parents[1]),
        *(part for part in os.environ.get("LD_LIBRARY_PATH", "").split(":") if part.startswith("/")),
    }
    return dirs | {os.path.realpath(path) for path in dirs}


def _system_binds() -> list[str]:
    """The system folders, and the top-level /bin, /lib... as the host has them: a link into
    /usr where the system merged them, a read-only folder where it did not."""
    binds: list[str] = []
    for path in _SYSTEM:
        if os.path.isdir(path):
            binds += ["--ro-bind", path, path]
    for path in _LINKS:
        if os.path.islink(path):
            binds += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            binds += ["--ro-bind", path, path]
    return binds


@functools.cache
def private_etc_files() -> tuple[str, ...]:
    """What under /etc only its owner (or group) may read: /etc/shadow, ssh host keys. A child
    runs as the caller's uid inside its namespace, so the owner's right would be its own. Read once
    per process (a walk of /etc, some 50 ms)."""
    found = []
    for root, dirs, names in os.walk("/etc"):
        for name in [*dirs, *names]:
            path = os.path.join(root, name)
            try:
                mode = os.lstat(path).st_mode
            except OSError:
                continue
            if not stat.S_ISLNK(mode) and not mode & stat.S_IROTH:
                found.append(path)
        dirs[:] = [d for d in dirs if os.path.join(root, d) not in found]
    return tuple(found)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _is_char_device(path: str) -> bool:
    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


def _outermost(paths: set[str]) -> list[str]:
    """Sorted absolute paths without those inside another one (binding the parent suffices);
    never "/" itself, which would bring the whole host back."""
    absolute = sorted({os.path.abspath(path) for path in paths} - {"/"})
    return [p for p in absolute if not any(p.startswith(q.rstrip("/") + "/") for q in absolute)]
