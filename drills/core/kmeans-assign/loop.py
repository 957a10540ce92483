import numpy as np


def kmeans_assign(points: np.ndarray, centroids: np.ndarray) -> np.ndarray:
    """Index of the nearest centroid for every point (the k-means assignment step), pair by pair.

    points: (N, D) float64.
    centroids: (K, D) float64, K >= 1.
    Returns (N,) int64: the k minimizing the squared Euclidean distance
    sum over d of (points[i, d] - centroids[k, d]) ** 2; on a tie, the smallest such k.
    """
    n = points.shape[0]
    num_centroids = centroids.shape[0]
    labels = np.empty(n, dtype=np.int64)
    for i in range(n):
        best_k = 0
        best_dist = np.inf
        for k in range(num_centroids):
            diff = points[i] - centroids[k]
            dist = np.sum(diff * diff)
            if dist < best_dist:
                best_dist = dist
                best_k = k
        labels[i] = best_k
    return labels
