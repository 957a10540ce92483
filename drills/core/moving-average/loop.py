import numpy as np


def moving_average(x: np.ndarray, w: int) -> np.ndarray:
    """Mean of every full window of w consecutive values, one window at a time.

    x: (N,) float64, a series.
    w: int, the window length, 1 <= w <= N.
    Returns (N - w + 1,) float64: out[k] = mean of x[k : k + w], so out[k] is the trailing mean
    that ends at x[k + w - 1].
    """
    n = x.shape[0]
    out = np.empty(n - w + 1, dtype=np.float64)
    for k in range(n - w + 1):
        out[k] = x[k:k + w].mean()
    return out
