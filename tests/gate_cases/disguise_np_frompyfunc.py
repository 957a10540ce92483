# expect: loop L007
# library: numpy
import numpy as np


def solve(a):
    twice = np.frompyfunc(lambda v: v * 2, 1, 1)
    return twice(a).astype(a.dtype)
