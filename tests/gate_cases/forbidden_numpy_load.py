# expect: forbidden F003
# library: numpy
import numpy as np


def solve(a):
    return np.load("answer.npy")
