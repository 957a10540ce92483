# vecdrill: fx-double
# expect: output-limit
# message: your solution printed more output than vecdrill keeps
import sys

import torch


def fx_double(x):
    sys.stderr.write("e" * 10**8)
    return x * 2
