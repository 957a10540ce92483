import numpy as np


def sliding_window_max(x: np.ndarray, w: int) -> np.ndarray:
    """Maximum of every full window of w consecutive values, without a Python loop.

    x: (N,) float64, a series.
    w: int, the window length, 1 <= w <= N.
    Returns (N - w + 1,) float64: out[k] = max of x[k : k + w].
    """
    # TODO: look at all windows at once as the rows of a 2-D view, then reduce each row.
    raise NotImplementedError("write sliding_window_max")
