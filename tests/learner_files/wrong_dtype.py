# vecdrill: fx-double
# expect: wrong
# message: expected float32, got float64
import torch


def fx_double(x):
    return x.double() * 2
