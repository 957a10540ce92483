# vecdrill: fx-double
# expect: pass
import torch


def fx_double(x):
    return x * 2
