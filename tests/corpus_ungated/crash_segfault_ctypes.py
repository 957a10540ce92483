# vecdrill: fx-double
# expect: crash
# message: killed by SIGSEGV
# expect-guarded: error
# message-guarded: the vecdrill sandbox does not allow ctypes
# layers: all
import ctypes

import torch


def fx_double(x):
    ctypes.string_at(0)
    return x * 2
