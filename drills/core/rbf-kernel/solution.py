import numpy as np


def rbf_kernel(X: np.ndarray, Y: np.ndarray, gamma: float) -> np.ndarray:
    """(N, 1, D) - (1, M, D) broadcasts to every pair's difference; sum the squares, exp once."""
    diff = X[:, None, :] - Y[None, :, :]
    return np.exp(-gamma * np.sum(diff * diff, axis=-1))
