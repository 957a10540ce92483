# vecdrill: fx-double
# expect: output-limit
# message: your solution printed more output than vecdrill keeps
import torch


def fx_double(x):
    print("x" * 10**8)
    return x * 2
