# expect: forbidden F003
# library: numpy
import numpy as np


def solve(a):
    a.tofile("leak.bin")
    return np.abs(a)
