import numpy as np


def fx_np_square(x):
    """x: (N,) float64. Returns (N,) float64 = x ** 2."""
    out = np.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] ** 2
    return out
