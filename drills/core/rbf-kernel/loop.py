import numpy as np


def rbf_kernel(X: np.ndarray, Y: np.ndarray, gamma: float) -> np.ndarray:
    """Gaussian RBF kernel between every row of X and every row of Y, one pair at a time.

    X: (N, D) float64, N points.
    Y: (M, D) float64, M points.
    gamma: Python float > 0, the kernel's inverse width.
    Returns (N, M) float64: K[i, j] = exp(-gamma * sum over d of (X[i, d] - Y[j, d]) ** 2).
    """
    n = X.shape[0]
    m = Y.shape[0]
    out = np.empty((n, m), dtype=np.float64)
    for i in range(n):
        for j in range(m):
            diff = X[i] - Y[j]
            out[i, j] = np.exp(-gamma * np.sum(diff * diff))
    return out
