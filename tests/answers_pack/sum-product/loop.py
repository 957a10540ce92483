import numpy as np


def sum_product(x: np.ndarray, y: np.ndarray) -> float:
    """x, y: (N,) float64. Returns the Python float sum of x[i] * y[j] over all i, j."""
    total = 0.0
    for i in range(x.shape[0]):
        for j in range(y.shape[0]):
            total += float(x[i] * y[j])
    return total
