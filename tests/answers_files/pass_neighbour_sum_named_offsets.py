# vecdrill: neighbour-sum
# expect: pass
# A loop over eight offsets written out in the file is judgement, not an element loop, even when
# the collection has a name of its own.
import numpy as np

OFFSETS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def neighbour_sum(Z):
    total = np.zeros_like(Z)
    for dy, dx in OFFSETS:
        total += np.roll(np.roll(Z, dy, 0), dx, 1)
    return total
