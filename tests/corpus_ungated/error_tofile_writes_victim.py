# vecdrill: fx-double
# expect: error
# message: your solution raised FileNotFoundError
# expect-guarded: error
# message-guarded: your solution raised PermissionError
import torch


def fx_double(x):
    x.numpy().tofile("@VICTIM@/keep.txt")
    return x * 2
