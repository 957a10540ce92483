# vecdrill: fx-np-square
# expect: wrong
# message: expected float64, got float32
import numpy as np


def fx_np_square(x):
    return (x * x).astype(np.float32)
