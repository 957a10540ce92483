"""Leave a setsid() daemon behind (double fork) and exit at once with status 0."""

import os
import time

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(10**6)
    os._exit(0)
os.wait()
print("daemon started")
