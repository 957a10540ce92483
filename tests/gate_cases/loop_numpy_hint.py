# expect: loop L001
# library: numpy
import numpy as np


def solve(a):
    out = []
    for row in a:
        out.append(row * 2)
    return np.stack(out)
