import numpy as np


def view_aliasing(x: np.ndarray) -> np.ndarray:
    """Keep every other row of x, clipped to [-1, 1], built row by row.

    x: (N, D) float64, N >= 1 frames of D features.
    Returns a new ((N + 1) // 2, D) float64 array:
    out[i] = clip(x[2 * i], -1, 1).
    The result must not share memory with x, and x must stay unchanged.
    """
    n = (x.shape[0] + 1) // 2
    out = np.empty((n, x.shape[1]), dtype=x.dtype)
    for i in range(n):
        row = x[2 * i].copy()  # a basic index is a view: copy it first
        np.clip(row, -1.0, 1.0, out=row)
        out[i] = row
    return out
