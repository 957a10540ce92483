# vecdrill: fx-np-square
# expect: loop
import numpy as np


def fx_np_square(x):
    return np.vectorize(lambda v: v * v)(x)
