import numpy as np


def pairwise_distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(N, 1, D) - (1, M, D) broadcasts to all N * M differences; sum over D, then sqrt."""
    diff = a[:, None, :] - b[None, :, :]
    return np.sqrt(np.sum(diff * diff, axis=-1))
