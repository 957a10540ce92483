# expect: loop L007
# library: numpy
import numpy as np


def solve(a):
    return np.array([*np.ndindex(*a.shape)])
