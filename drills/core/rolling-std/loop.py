import numpy as np


def rolling_std(x: np.ndarray, w: int) -> np.ndarray:
    """Rolling standard deviation along each row, one window at a time.

    x: (R, N) float64, R series of N values each.
    w: int, the window length, 1 <= w <= N.
    Returns (R, N - w + 1) float64: out[r, k] = np.std(x[r, k : k + w]), the population standard
    deviation (ddof = 0) of every full window.
    """
    R, N = x.shape
    out = np.empty((R, N - w + 1), dtype=np.float64)
    for r in range(R):
        for k in range(N - w + 1):
            out[r, k] = x[r, k : k + w].std()
    return out
