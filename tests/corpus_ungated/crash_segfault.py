# vecdrill: fx-double
# expect: crash
# message: killed by SIGSEGV
# layers: all
import faulthandler

import torch


def fx_double(x):
    faulthandler._read_null()  # a real fault in native code (a raised SIGSEGV would not end pid 1)
    return x * 2
