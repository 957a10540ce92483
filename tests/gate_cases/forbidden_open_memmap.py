# expect: forbidden F003
# library: numpy
import numpy as np
from numpy.lib.format import open_memmap


def solve(a):
    return np.asarray(open_memmap("answer.npy"))
