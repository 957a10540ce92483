# expect: loop L007
# library: numpy
import numpy as np


def solve(a):
    return np.apply_along_axis(lambda row: row * 2, 1, a)
