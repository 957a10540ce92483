# vecdrill: fx-double
# expect: error
# message: your solution raised EOFError
import sys

import torch


def fx_double(x):
    assert sys.stdin.read() == ""
    return x * float(input())
