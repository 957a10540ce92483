import numpy as np


def sliding_window_max(x: np.ndarray, w: int) -> np.ndarray:
    """A read-only (N - w + 1, w) view of all windows, reduced along its last axis."""
    windows = np.lib.stride_tricks.sliding_window_view(x, w)
    return windows.max(axis=1)
