# vecdrill: fx-double
# expect: timeout
# message: your solution ran longer than the 4 s limit
import time

import torch


def fx_double(x):
    time.sleep(10**6)
    return x * 2
