# vecdrill: fx-double
# expect: wrong
# message: result differs from the loop at out[
import torch


def fx_double(x):
    return x * 2.001
