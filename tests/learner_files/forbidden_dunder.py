# vecdrill: fx-double
# expect: forbidden
import torch


def fx_double(x):
    return x.__class__(x * 2)
