import numpy as np


def sliding_window_max(x: np.ndarray, w: int) -> np.ndarray:
    """Maximum of every full window of w consecutive values, one window at a time.

    x: (N,) float64, a series.
    w: int, the window length, 1 <= w <= N.
    Returns (N - w + 1,) float64: out[k] = max of x[k : k + w].
    """
    n = x.shape[0]
    out = np.empty(n - w + 1, dtype=np.float64)
    for k in range(n - w + 1):
        out[k] = x[k:k + w].max()
    return out
