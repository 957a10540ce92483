import numpy as np


def matmul_loops(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Matrix product with the textbook triple loop.

    a: (N, K) float64.
    b: (K, M) float64.
    Returns (N, M) float64: out[i, j] = sum over p of a[i, p] * b[p, j].
    """
    n, k = a.shape
    m = b.shape[1]
    out = np.zeros((n, m), dtype=np.float64)
    for i in range(n):
        for j in range(m):
            total = 0.0
            for p in range(k):
                total += a[i, p] * b[p, j]
            out[i, j] = total
    return out
