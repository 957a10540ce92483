# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
import atexit
import time

import torch

atexit.register(time.sleep, 10**6)


def fx_double(x):
    return x * 2
