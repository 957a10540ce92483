"""Fork N children (the first one leaves the session with setsid), then sleep forever."""

import os
import sys
import time

for index in range(int(sys.argv[1])):
    if os.fork() == 0:
        if index == 0:
            os.setsid()
        break
time.sleep(10**6)
