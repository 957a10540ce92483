# vecdrill: fx-double
# expect: error
# message: while it was being loaded
import torch

raise RuntimeError("broken at import")


def fx_double(x):
    return x * 2
