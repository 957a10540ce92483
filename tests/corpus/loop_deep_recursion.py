# vecdrill: fx-double
# expect: loop
# message: recursion (deeper -> deeper)
import torch


def deeper(x):
    return deeper(x + 1)


def fx_double(x):
    return deeper(x)
