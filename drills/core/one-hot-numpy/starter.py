import numpy as np


def one_hot_numpy(labels: np.ndarray, num_classes: int) -> np.ndarray:
    """One-hot encode class labels, without a Python loop.

    labels: (N,) int64, class indices in [0, num_classes).
    num_classes: int C, the number of classes (C >= 1).
    Returns (N, C) float64: row i is 1.0 in column labels[i] and 0.0 elsewhere.
    """
    # TODO: write every 1.0 in one indexed assignment (or pick rows of an identity matrix).
    raise NotImplementedError("write one_hot_numpy")
