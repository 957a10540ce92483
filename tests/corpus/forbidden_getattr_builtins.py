# vecdrill: fx-double
# expect: forbidden
# message: `__builtins__`
import torch


def fx_double(x):
    opener = getattr(__builtins__, "open")
    opener("@VICTIM@/keep.txt", "w").write("overwritten")
    return x * 2
