import numpy as np


def moving_average(x: np.ndarray, w: int) -> np.ndarray:
    """Mean of every full window of w consecutive values, without a Python loop.

    x: (N,) float64, a series.
    w: int, the window length, 1 <= w <= N.
    Returns (N - w + 1,) float64: out[k] = mean of x[k : k + w], so out[k] is the trailing mean
    that ends at x[k + w - 1].
    """
    # TODO: one running sum gives every window sum as a difference of two of its entries.
    raise NotImplementedError("write moving_average")
