import numpy as np


def histogram_bincount(labels: np.ndarray, k: int) -> np.ndarray:
    """Count how often every label occurs, one label at a time.

    labels: (N,) int64, values in [0, k).
    k: int, the number of classes (k >= 1).
    Returns (k,) int64: counts[c] = number of i with labels[i] == c; classes that never occur get 0.
    """
    counts = np.zeros(k, dtype=np.int64)
    for label in labels:
        counts[label] += 1
    return counts
