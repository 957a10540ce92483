# vecdrill: fx-double
# expect: wrong
# layers: all
# Tries to reach every other process it can see: write a forged answer into each of its fds (a
# warm zygote's answer channel, once), open its memory, trace it, stop it. Anything that succeeds
# is an error naming it, so the verdict shows a wall that did not hold; the answer itself is wrong.
# Under plain it sees the machine's processes: only the kernel's rules keep them closed (vecdrill's
# own are undumpable; a process without capabilities cannot read one that has more), so one of the
# same uid with none, not vecdrill's, could be read: one reason `grade` refuses plain.
import ctypes
import os
import signal

FORGED = b"\0\0\0\0\0\0\0\x10" + b'{"version": 3}  ' + b"\0" * 8


def _others():
    own = os.getpid()
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != own]


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
