import numpy as np


def neighbour_sum(grid: np.ndarray) -> np.ndarray:
    offsets = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
    return sum(np.roll(grid, offset, axis=(0, 1)) for offset in offsets)
