# vecdrill: fx-double
# expect: wrong
# message: wrong shape
import torch


def fx_double(x):
    return (x * 2).unsqueeze(0)
