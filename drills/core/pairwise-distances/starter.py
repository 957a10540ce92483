import numpy as np


def pairwise_distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Euclidean distance between every point of a and every point of b, without a Python loop.

    a: (N, D) float64, N points.
    b: (M, D) float64, M points.
    Returns (N, M) float64: out[i, j] = sqrt(sum over k of (a[i, k] - b[j, k]) ** 2).
    """
    # TODO: insert axes so that a and b broadcast against each other.
    raise NotImplementedError("write pairwise_distances")
