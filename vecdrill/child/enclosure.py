"""The kernel's walls around a child, built by the child's own first steps: namespaces, mounts,
and giving up every capability before anything untrusted runs.

Three uses, one toolbox (Linux system calls through ctypes, since Python 3.11's `os` has no
unshare or mount):

* the unshare layer's launcher, `python -I -m vecdrill.child.enclosure PLAN -- COMMAND...`: inside
  the new user, pid and mount namespaces that `unshare` made, cover what a solution must not read
  (every drill pack, vecdrill's cache and data, a checkout's history), give it an empty /dev/shm
  and a size-limited box of its own, drop every capability (unless the plan keeps them, for the
  warm zygote) and exec the command. Bubblewrap builds a stricter box itself (a new root holding
  only what Python needs) for the strongest layer.
* the warm zygote, for each check (`CheckNamespaces`, `enter_check_box`): the check's process
  starts in a pid namespace of its own (it cannot see, signal or trace the zygote or an earlier
  check's process) and a mount namespace of its own, with its own /proc and fresh, empty scratch
  places that vanish with it, so nothing one file leaves behind reaches the next.
* every sandboxed process that runs a solution: `drop_capabilities` before its code runs, so a
  file that gets past every other rule still cannot unmount a cover, trace a process or open
  another process's memory (vecdrill's own processes are undumpable: `supervisor.limits`).

Where the kernel refuses a step (no user namespace under the plain layer), the step is skipped and
the caller is told, so the check reports what held.
"""

from __future__ import annotations

import ctypes
import errno
import os
import sys

from vecdrill import wire

CLONE_NEWNS = 0x00020000
CLONE_NEWPID = 0x20000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 32, 4096, 16384, 1 << 18
_PR_CAPBSET_DROP, _PR_SET_SECUREBITS = 24, 28
_PR_SET_NO_NEW_PRIVS, _PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 38, 47, 4
# No root magic ever again, locked: uid 0 gains no capability on exec, setuid keeps none.
_SECUREBITS = 0b11101111
_CAPABILITY_VERSION_3 = 0x20080522
_SHARED_PLACES = ("/tmp", "/var/tmp")  # read-only to a check: the interpreter may be bound there


class EnclosureError(OSError):
    """A wall could not be built; its message names the step and the kernel's reason."""


_libc = ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise EnclosureError(code, f"{what}: {os.strerror(code)}")


def _mount(source: str, target: str, kind: str | None, flags: int, data: str | None = None) -> None:
    _check(
        _libc.mount(
            source.encode(),
            target.encode(),
            None if kind is None else kind.encode(),
            ctypes.c_ulong(flags),
            None if data is None else data.encode(),
        ),
        f"mount {target}",
    )


def fresh_tmpfs(target: str, size: int, *, read_only: bool = False) -> None:
    """An empty tmpfs of `size` bytes over `target` (a folder that exists)."""
    flags = _MS_NOSUID | _MS_NODEV | (_MS_RDONLY if read_only else 0)
    _mount("tmpfs", target, "tmpfs", flags, f"size={size},mode=0755" if read_only else f"size={size}")


def cover(path: str) -> None:
    """Make `path` unreadable in this mount namespace: a folder becomes an empty read-only tmpfs,
    a file shows /dev/null's nothing."""
    if os.path.isdir(path):
        fresh_tmpfs(path, 4096, read_only=True)
    elif os.path.lexists(path):
        _mount(os.devnull, path, None, _MS_BIND)
        _mount("none", path, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY)


def private_mounts() -> None:
    """A mount namespace of this process's own, whose changes reach no other."""
    _check(_libc.unshare(CLONE_NEWNS), "unshare a mount namespace")
    _mount("none", "/", None, _MS_REC | _MS_PRIVATE)


def drop_capabilities() -> None:
    """Give up every capability for good: the bounding and ambient sets emptied, root's magic
    off and locked, no new privileges on exec. Only lowering is asked of the kernel, so this
    works as any user; a step it refuses because the set is already empty is no failure."""
    _libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    if _libc.prctl(_PR_SET_SECUREBITS, _SECUREBITS, 0, 0, 0) != 0 and ctypes.get_errno() != errno.EPERM:
        _check(-1, "lock the secure bits")
    _libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    for capability in range(_last_capability() + 1):
        _libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0)  # EPERM without CAP_SETPCAP: fine below
    header = (ctypes.c_uint32 * 2)(_CAPABILITY_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable, twice: all empty
    _check(_libc.capset(header, data), "drop capabilities")


def _last_capability() -> int:
    try:
        with open("/proc/sys/kernel/cap_last_cap", encoding="ascii") as last:
            return int(last.read())
    except (OSError, ValueError):
        return 63


class CheckNamespaces:
    """The zygote's way to start each check in a pid namespace of its own: before the fork, the
    children's pid namespace is a new one; after it, this process's own again, so that the next
    check gets another fresh one. `available` is False where they are not `wanted` (the plain
    layer, whose cold children have none either, so that both ways a check runs alike) or where
    the kernel refuses (no capability over our user namespace); checks then share the zygote's."""

    def __init__(self, wanted: bool) -> None:
        self._own: int | None = None
        if not wanted:
            return
        try:
            self._own = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC)
            self.before_fork()
            self.after_fork()
        except OSError:
            self.close()

    @property
    def available(self) -> bool:
        return self._own is not None

    def before_fork(self) -> None:
        if self._own is not None:
            _check(_libc.unshare(CLONE_NEWPID), "unshare a pid namespace")

    def after_fork(self) -> None:
        if self._own is not None:
            _check(_libc.setns(self._own, CLONE_NEWPID), "return to the zygote's pid namespace")

    def close(self) -> None:
        if self._own is not None:
            os.close(self._own)
            self._own = None


def enter_check_box(scratch: str, scratch_bytes: int) -> None:
    """In a check's own process, first thing after the fork: its own mounts, its own /proc (of
    its own pid namespace), every place the zygote and the checks share read-only (/tmp, /var/tmp,
    the zygote's box around the check's folder), and an empty tmpfs of its own for its folder and
    /dev/shm: the only places it can write, gone when it ends."""
    private_mounts()
    _mount("proc", "/proc", "proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC)
    for place in (*_SHARED_PLACES, os.path.dirname(scratch)):
        if os.path.isdir(place):
            _read_only(place)
    for place in ("/dev/shm", scratch):
        if os.path.isdir(place):
            fresh_tmpfs(place, scratch_bytes)


def _read_only(place: str) -> None:
    """`place` read-only in this mount namespace, whether or not it is a mount point."""
    try:
        _mount("none", place, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY)
    except EnclosureError as exc:
        if exc.errno != errno.EINVAL:  # EINVAL: not a mount point; make it one, then again
            raise
        _mount(place, place, None, _MS_BIND | _MS_REC)
        _mount("none", place, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY)


def build(plan: wire.EnclosurePlan) -> None:
    """The unshare layer's box, in the namespaces `unshare` made (their mounts already private).
    /tmp stays the host's, since the interpreter may live there; the guard's seccomp filter
    refuses every write under this layer, so nothing a solution does lands in it."""
    for path in plan.covered:
        cover(path)
    fresh_tmpfs("/dev/shm", plan.scratch_bytes)
    fresh_tmpfs(plan.box, plan.scratch_bytes)
    os.chdir(plan.box)
    if not plan.keep_capabilities:
        drop_capabilities()


def main(argv: list[str]) -> None:
    """`enclosure PLAN -- COMMAND...`: build the plan's box, then become the command."""
    if len(argv) < 3 or argv[1] != "--":
        sys.exit("usage: python -m vecdrill.child.enclosure PLAN -- COMMAND...")
    try:
        build(wire.decode_message(argv[0].encode(), wire.EnclosurePlan))
    except (EnclosureError, wire.ProtocolError) as exc:
        sys.exit(f"vecdrill could not build the unshare sandbox: {exc}")
    os.execv(argv[2], argv[2:])


if __name__ == "__main__":
    main(sys.argv[1:])
