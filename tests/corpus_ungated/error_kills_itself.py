# vecdrill: fx-double
# expect: error
# message: the vecdrill sandbox does not allow os.kill
# layers: all
import os
import signal

import torch


def fx_double(x):
    # The audit hook refuses os.kill in every layer; behind it seccomp allows a signal only to the
    # process itself, and as pid 1 of its own namespace (bwrap, unshare) it would ignore even this.
    os.kill(os.getpid(), signal.SIGKILL)
    return x * 2
