"""What the filesystem looks like to a child under bubblewrap.

The host's root, read-only; an empty tmpfs over each place that holds other people's files or
scratch space (/tmp, homes, /run, /dev/shm); the interpreter, vecdrill and the caller's readable
folders bound back read-only; the hidden paths covered; and the box, a tmpfs of its own. Every
writable place is a tmpfs of a fixed size, so a solution cannot fill the host's disk.
"""

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from vecdrill.sandbox.isolation import BWRAP_FLAGS, tool

_MASKED = ("/tmp", "/var/tmp", "/root", "/home", "/run")  # tmpfs over these
_EMPTY_FILE = ".vecdrill-empty"  # in the host's box: bound over hidden files that have no stand-in


def bwrap_command(
    python: list[str],
    box: Path,
    readable: Sequence[Path],
    scratch_bytes: int,
    hidden: Mapping[str, str | None],
) -> list[str]:
    """`python` under bwrap. Each existing `hidden` path is covered: a file by its stand-in (or an
    empty file), a folder by an empty read-only tmpfs."""
    scratch = ["--size", str(scratch_bytes), "--tmpfs"]
    command = [tool("bwrap"), *BWRAP_FLAGS, "--ro-bind", "/", "/"]
    for masked in _MASKED:
        if os.path.isdir(masked):
            command += [*scratch, masked]
    command += ["--proc", "/proc", "--dev", "/dev", *scratch, "/dev/shm"]
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


def _interpreter_dirs() -> set[str]:
    """What the child needs to read: the venv, the real interpreter, the vecdrill package."""
    dirs = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
        str(Path(__file__).resolve().parent.parent),
    }
    return dirs | {os.path.realpath(path) for path in dirs}


def _outermost(paths: set[str]) -> list[str]:
    """Sorted absolute paths without those inside another one (binding the parent suffices);
    never "/" itself, which would uncover the masked directories again."""
    absolute = sorted({os.path.abspath(path) for path in paths} - {"/"})
    return [p for p in absolute if not any(p.startswith(q.rstrip("/") + "/") for q in absolute)]
