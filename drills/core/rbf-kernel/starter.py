import numpy as np


def rbf_kernel(X: np.ndarray, Y: np.ndarray, gamma: float) -> np.ndarray:
    """Gaussian RBF kernel between every row of X and every row of Y, without a Python loop.

    X: (N, D) float64, N points.
    Y: (M, D) float64, M points.
    gamma: Python float > 0, the kernel's inverse width.
    Returns (N, M) float64: K[i, j] = exp(-gamma * sum over d of (X[i, d] - Y[j, d]) ** 2).
    """
    # TODO: broadcast X against Y to get every pair's squared distance, then take exp once.
    raise NotImplementedError("write rbf_kernel")
