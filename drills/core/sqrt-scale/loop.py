import numpy as np


def sqrt_scale(x: np.ndarray) -> np.ndarray:
    """2 * sqrt(x), calling np.sqrt once per element.

    x: (N,) float64, non-negative.
    Returns (N,) float64: out[i] = np.sqrt(x[i]) * 2.0.
    """
    out = np.empty(x.shape[0], dtype=np.float64)
    for i in range(x.shape[0]):
        out[i] = np.sqrt(x[i]) * 2.0
    return out
