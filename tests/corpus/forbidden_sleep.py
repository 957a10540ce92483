# vecdrill: fx-double
# expect: forbidden
# message: `time`
import time

import torch


def fx_double(x):
    time.sleep(10**6)
    return x * 2
