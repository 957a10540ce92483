# vecdrill: fx-double
# expect: crash
# message: killed by SIG
import os

import torch


def fx_double(x):
    os.abort()
