# expect: loop L007
# library: numpy
import numpy as np


def solve(a):
    return np.vectorize(lambda v: v * 2)(a)
