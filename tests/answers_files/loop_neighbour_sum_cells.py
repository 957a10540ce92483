# vecdrill: neighbour-sum
# expect: loop
import numpy as np


def neighbour_sum(Z):
    h, w = Z.shape
    out = np.zeros_like(Z)
    for i in range(h):
        out[i] = np.roll(Z, 1, 0)[i] + np.roll(Z, -1, 0)[i]
    return out + np.roll(Z, 1, 1) + np.roll(Z, -1, 1)
