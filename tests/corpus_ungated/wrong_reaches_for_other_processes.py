# vecdrill: fx-double
# expect: wrong
# layers: all
# Tries to reach the processes that judge it: pid 1 of its namespace, its parent and grandparent
# (a warm zygote, vecdrill): write a forged answer into each of their fds (the zygote's answer
# channel, once), open their memory, trace them, stop them. Anything that succeeds is an error
# naming it, so the verdict shows a wall that did not hold; the answer itself is wrong. (Under
# plain it sees the machine's other processes too; the kernel keeps those that have capabilities or
# are undumpable, as vecdrill's are, closed to it, but not all of them: see docs/architecture.md.)
import ctypes
import os
import signal

FORGED = b"\0\0\0\0\0\0\0\x10" + b'{"version": 3}  ' + b"\0" * 8


def _parent_of(pid):
    try:
        return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _others():
    judges = {1, os.getppid(), _parent_of(os.getppid())}
    return sorted(pid for pid in judges if pid > 0 and pid != os.getpid())


def _reach(pid):
    reached = []
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        fds = []
    for fd in fds:
        try:
            with open(f"/proc/{pid}/fd/{fd}", "wb", buffering=0) as channel:
                channel.write(FORGED)
            reached.append(f"fd {fd}")
        except OSError:
            pass
    for mode in ("rb", "r+b"):
        try:
            with open(f"/proc/{pid}/mem", mode, buffering=0):
                reached.append(f"mem {mode}")
        except OSError:
            pass
    try:
        if ctypes.CDLL(None, use_errno=True).ptrace(16, pid, None, None) == 0:  # PTRACE_ATTACH
            reached.append("ptrace")
    except PermissionError:  # the audit hook refuses ctypes; seccomp refuses ptrace too
        pass
    try:
        os.kill(pid, signal.SIGSTOP)
        reached.append("SIGSTOP")
    except OSError:
        pass
    return reached


def fx_double(x):
    reached = {pid: found for pid in _others() if (found := _reach(pid))}
    if reached:
        raise RuntimeError(f"reached other processes: {reached}")
    return x * 3
