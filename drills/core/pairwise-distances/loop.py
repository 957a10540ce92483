import numpy as np


def pairwise_distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Euclidean distance between every point of a and every point of b, one pair at a time.

    a: (N, D) float64, N points.
    b: (M, D) float64, M points.
    Returns (N, M) float64: out[i, j] = sqrt(sum over k of (a[i, k] - b[j, k]) ** 2).
    """
    n = a.shape[0]
    m = b.shape[0]
    out = np.empty((n, m), dtype=np.float64)
    for i in range(n):
        for j in range(m):
            diff = a[i] - b[j]
            out[i, j] = np.sqrt(np.sum(diff * diff))
    return out
