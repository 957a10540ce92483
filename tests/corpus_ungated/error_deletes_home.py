# vecdrill: fx-double
# expect: error
# message: your solution raised FileNotFoundError
# expect-guarded: error
# message-guarded: your solution raised PermissionError
# layers: all
import shutil

import torch


def fx_double(x):
    shutil.rmtree("@HOME@")
    return x * 2
