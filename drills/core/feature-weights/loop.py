import numpy as np


def feature_weights(data: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Scale every feature (column) by its own weight, one element at a time.

    data: (N, D) float64, N samples with D features.
    weights: (D,) float64, one weight per feature.
    Returns (N, D) float64: out[i, j] = data[i, j] * weights[j].
    """
    n, d = data.shape
    out = np.empty((n, d), dtype=np.float64)
    for i in range(n):
        for j in range(d):
            out[i, j] = data[i, j] * weights[j]
    return out
