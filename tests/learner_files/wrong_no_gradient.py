# vecdrill: fx-double
# expect: wrong
# message: no gradient reaches x
import torch


def fx_double(x):
    return (x * 2).detach()
