# vecdrill: fx-np-square
# expect: pass
import numpy as np


def fx_np_square(x):
    out = x * x
    return out
