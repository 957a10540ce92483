# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
# expect-guarded: error
# message-guarded: the vecdrill sandbox does not allow os.kill
# layers: all
import os
import signal

import torch


def fx_double(x):
    # As pid 1 of its own namespace (bwrap) the process ignores even this; the guard refuses it.
    os.kill(os.getpid(), signal.SIGKILL)
    return x * 2
