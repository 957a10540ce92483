# vecdrill: fx-double
# expect: forbidden
# message: `.tofile` reads or writes a file
import torch


def fx_double(x):
    x.numpy().tofile("@VICTIM@/keep.txt")
    return x * 2
