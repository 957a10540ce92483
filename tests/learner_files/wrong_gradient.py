# vecdrill: fx-double
# expect: wrong
# message: gradient
import torch


def fx_double(x):
    return x * 2 + (x * 0.5 - (x * 0.5).detach())
