# vecdrill: neighbour-sum
# expect: pass
import numpy as np


def neighbour_sum(Z):
    return sum(np.roll(np.roll(Z, i, 0), j, 1) for i in range(-1, 2) for j in range(-1, 2)) - Z
