# vecdrill: fx-double
# expect: error
# message: your solution raised FileNotFoundError
# expect-guarded: error
# message-guarded: your solution raised PermissionError
# layers: all
import torch


def fx_double(x):
    with open("@VICTIM@/keep.txt", "w") as victim:
        victim.write("overwritten")
    return x * 2
