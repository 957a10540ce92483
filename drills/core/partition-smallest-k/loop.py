import numpy as np


def partition_smallest_k(x: np.ndarray, k: int) -> np.ndarray:
    """The k smallest values of each row, in ascending order, keeping a short sorted list per row.

    x: (B, N) float64.
    k: int, 1 <= k <= N.
    Returns (B, k) float64: row i holds the k smallest values of x[i], smallest first.
    """
    B, N = x.shape
    out = np.empty((B, k), dtype=np.float64)
    for i in range(B):
        best: list[float] = []  # the smallest values seen so far, ascending, at most k of them
        for j in range(N):
            v = float(x[i, j])
            if len(best) < k or v < best[-1]:
                pos = len(best)
                while pos > 0 and best[pos - 1] > v:
                    pos -= 1
                best.insert(pos, v)
                if len(best) > k:
                    best.pop()
        out[i] = best
    return out
