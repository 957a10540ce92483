import numpy as np


def kmeans_assign(points: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """Nearest centroid of each point (k-means assignment), one point at a time.

    points: (N, D) float64.
    centroids: (K, D) float64, K >= 1.
    Returns (N,) int64: the k minimizing the squared Euclidean distance
    sum over d of (points[i, d] - centroids[k, d]) ** 2; on a tie, the smallest such k.
    """
    n = points.shape[0]
    labels = np.empty(n, dtype=np.int64)
    for i in range(n):
        diff = centroids - points[i]                     # (K, D)
        labels[i] = np.argmin(np.sum(diff * diff, axis=1))   # first k on a tie
    return labels
