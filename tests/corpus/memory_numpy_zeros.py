# vecdrill: fx-np-square
# expect: memory
# message: your solution ran out of memory
import numpy as np


def fx_np_square(x):
    return np.zeros(10**11)[: x.shape[0]] + x**2
