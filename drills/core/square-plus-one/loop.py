import numpy as np


def square_plus_one(x: np.ndarray) -> np.ndarray:
    """(x**2 + 1) / 2, one element at a time.

    x: (N,) float64, any values.
    Returns (N,) float64: out[i] = (x[i] ** 2 + 1) / 2.
    """
    return np.array([(v ** 2 + 1) / 2 for v in x], dtype=np.float64)
