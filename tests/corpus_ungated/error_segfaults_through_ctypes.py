# vecdrill: fx-double
# expect: error
# message: the vecdrill sandbox does not allow ctypes
# layers: all
import ctypes

import torch


def fx_double(x):
    ctypes.string_at(0)
    return x * 2
