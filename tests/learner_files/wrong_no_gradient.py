# vecdrill: fx-double
# expect: wrong
# message: gradient of x
import torch


def fx_double(x):
    return (x * 2).detach()
