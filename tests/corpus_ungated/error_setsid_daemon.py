# vecdrill: fx-double
# expect: error
# message: your solution raised PermissionError
import os
import time

import torch


def fx_double(x):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(10**6)
        os._exit(0)
    return x * 2
