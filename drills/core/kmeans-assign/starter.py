import numpy as np


def kmeans_assign(points: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """Index of the nearest centroid for every point (the k-means assignment step), without a Python loop.

    points: (N, D) float64.
    centroids: (K, D) float64, K >= 1.
    Returns (N,) int64: the k minimizing the squared Euclidean distance
    sum over d of (points[i, d] - centroids[k, d]) ** 2; on a tie, the smallest such k.
    """
    # TODO: build the (N, K) matrix of squared distances, then pick the smallest in each row.
    raise NotImplementedError("write kmeans_assign")
