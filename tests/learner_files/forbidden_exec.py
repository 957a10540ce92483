# vecdrill: fx-double
# expect: forbidden
import torch


def fx_double(x):
    exec("y = 1")
    return x * 2
