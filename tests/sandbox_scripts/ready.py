"""Start up like the worker (burn BURN seconds of CPU first), signal ready, then THEN: exit, spin
(burn CPU forever), or segv (read address 0, as a driver fault in the middle of a check would)."""

import ctypes
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from vecdrill.child import guard

burn, then = float(sys.argv[1]), sys.argv[2]
started = time.process_time()
while time.process_time() - started < burn:
    pass
guard.signal_ready()
print("ready", flush=True)
while then == "spin":
    pass
if then == "segv":
    ctypes.string_at(0)
