# vecdrill: fx-np-square
# expect: loop
import numpy as np


def fx_np_square(x):
    return np.frompyfunc(lambda v: v * v, 1, 1)(x).astype(np.float64)
