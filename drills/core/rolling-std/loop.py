import numpy as np


def rolling_std(x: np.ndarray, w: int) -> np.ndarray:
    """Rolling standard deviation of each row, one window offset at a time.

    x: (R, N) float64, R series of N values each.
    w: int, the window length, 1 <= w <= N.
    Returns (R, N - w + 1) float64: out[r, k] = np.std(x[r, k : k + w]), the population standard
    deviation (ddof = 0) of every full window.
    """
    R, N = x.shape
    out = np.empty((R, N - w + 1), dtype=np.float64)
    for k in range(N - w + 1):
        out[:, k] = x[:, k : k + w].std(axis=1)
    return out
