# vecdrill: fx-double
# expect: forbidden
# message: `open`
import torch


def fx_double(x):
    with open("@VICTIM@/keep.txt", "w") as victim:
        victim.write("overwritten")
    return x * 2
