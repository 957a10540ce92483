# vecdrill: fx-double
# expect: error
# message: your solution raised FileNotFoundError
# expect-guarded: error
# message-guarded: your solution raised PermissionError
# layers: all
import os

import torch


def fx_double(x):
    os.mkdir("@VICTIM@/planted")
    return x * 2
