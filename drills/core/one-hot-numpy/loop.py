import numpy as np


def one_hot_numpy(labels: np.ndarray, num_classes: int) -> np.ndarray:
    """One-hot encode class labels, one row at a time.

    labels: (N,) int64, class indices in [0, num_classes).
    num_classes: int C, the number of classes (C >= 1).
    Returns (N, C) float64: row i is 1.0 in column labels[i] and 0.0 elsewhere.
    """
    out = np.zeros((labels.shape[0], num_classes), dtype=np.float64)
    for i in range(labels.shape[0]):
        out[i, labels[i]] = 1.0
    return out
