# vecdrill: fx-double
# expect: timeout
# message: your solution ran longer than the 4 s limit
import math

import torch


def fx_double(x):
    digits = math.factorial(10**8)
    return x * 2 + (digits % 2) * 0
