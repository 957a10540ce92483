# vecdrill: fx-double
# expect: syntax
# message: fx_double
import torch


def double(x):
    return x * 2
