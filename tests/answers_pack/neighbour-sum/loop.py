import numpy as np


def neighbour_sum(grid: np.ndarray) -> np.ndarray:
    """grid: (H, W) float64. Returns (H, W): the sum of each cell's eight neighbours, wrapping."""
    h, w = grid.shape
    out = np.zeros_like(grid)
    for i in range(h):
        for j in range(w):
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if di or dj:
                        out[i, j] += grid[(i + di) % h, (j + dj) % w]
    return out
