# vecdrill: fx-double
# expect: syntax
import torch


def fx_double(x)
    return x * 2
