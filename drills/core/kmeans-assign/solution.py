import numpy as np


def kmeans_assign(points: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """All (N, K) squared distances by broadcasting, then argmin along K."""
    diff = points[:, None, :] - centroids[None, :, :]
    return np.argmin(np.sum(diff * diff, axis=-1), axis=1)
