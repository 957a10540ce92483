# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
# layers: all
# With a capability a solution could unmount a cover (CAP_SYS_ADMIN) or trace a process
# (CAP_SYS_PTRACE); every layer's process gives up all of them before it runs the solution.


def fx_double(x):
    status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
    held = int(status["CapEff"], 16) | int(status["CapPrm"], 16) | int(status["CapBnd"], 16)
    return x * (3 if held else 2)
