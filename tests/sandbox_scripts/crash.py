"""End badly: segv (read address 0), abort, sigkill (kill itself), or exit0 (os._exit(0) after
output, no result)."""

import ctypes
import os
import signal
import sys

print("partial output")
how = sys.argv[1]
if how == "segv":
    ctypes.string_at(0)
elif how == "abort":
    os.abort()
elif how == "sigkill":
    os.kill(os.getpid(), signal.SIGKILL)
elif how == "exit0":
    os._exit(0)
