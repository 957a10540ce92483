# vecdrill: fx-double
# expect: crash
# message: sent a result vecdrill could not read
import os

import torch


def fx_double(x):
    os.write(int(os.environ["VECDRILL_RESULT_FD"]), b"garbage\xff" * 1000)
    return x * 2
