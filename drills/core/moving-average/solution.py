import numpy as np


def moving_average(x: np.ndarray, w: int) -> np.ndarray:
    """Window sums as differences of one running sum: sum(x[k:k+w]) = c[k+w] - c[k]."""
    c = np.concatenate((np.zeros(1, dtype=np.float64), np.cumsum(x)))
    return (c[w:] - c[:-w]) / w
