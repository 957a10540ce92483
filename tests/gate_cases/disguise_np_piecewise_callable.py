# expect: loop L007
# library: numpy
import numpy as np


def solve(a):
    return np.piecewise(a, [a < 0, a >= 0], [lambda v: 0 * v, lambda v: v])
