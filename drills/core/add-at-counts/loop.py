import numpy as np


def add_at_counts(y_true: np.ndarray, y_pred: np.ndarray, num_classes: int) -> np.ndarray:
    """Count (true class, predicted class) pairs, one sample at a time.

    y_true: (N,) int64, the true class of each sample, in [0, num_classes).
    y_pred: (N,) int64, the predicted class of each sample, in [0, num_classes).
    num_classes: int C (C >= 1).
    Returns (C, C) int64: counts[t, p] = number of i with y_true[i] == t and y_pred[i] == p.
    """
    counts = np.zeros((num_classes, num_classes), dtype=np.int64)
    for i in range(y_true.shape[0]):
        counts[y_true[i], y_pred[i]] += 1
    return counts
