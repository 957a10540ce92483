# vecdrill: fx-double
# expect: wrong
# message: changed its input x in place
import torch


def fx_double(x):
    x.mul_(2)
    return x.clone()
