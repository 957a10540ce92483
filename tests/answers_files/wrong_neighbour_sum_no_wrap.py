# vecdrill: neighbour-sum
# expect: wrong
import numpy as np


def neighbour_sum(Z):
    padded = np.pad(Z, 1)
    h, w = Z.shape
    return sum(
        padded[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if dy or dx
    )
