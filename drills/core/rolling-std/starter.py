import numpy as np


def rolling_std(x: np.ndarray, w: int) -> np.ndarray:
    """Rolling standard deviation along each row, without a Python loop.

    x: (R, N) float64, R series of N values each.
    w: int, the window length, 1 <= w <= N.
    Returns (R, N - w + 1) float64: out[r, k] = np.std(x[r, k : k + w]), the population standard
    deviation (ddof = 0) of every full window.
    """
    # TODO: view all windows of every row at once, then reduce the window axis.
    raise NotImplementedError("write rolling_std")
