import numpy as np


def standardize_columns(data: np.ndarray) -> np.ndarray:
    """Standardize every column, one column at a time.

    data: (N, D) float64, N >= 2, no constant column.
    Returns (N, D) float64: (data[:, j] - mean_j) / std_j for every column j, where mean_j and
    std_j are that column's mean and population standard deviation (ddof = 0).
    """
    n, d = data.shape
    out = np.empty((n, d), dtype=np.float64)
    for j in range(d):
        column = data[:, j]
        out[:, j] = (column - column.mean()) / column.std()
    return out
