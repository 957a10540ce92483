import numpy as np


def digitize_buckets(values: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Bucket index of every value, without a Python loop.

    values: (N,) float64, any values; some are exactly equal to an edge.
    edges: (E,) float64, strictly increasing bucket boundaries.
    Returns (N,) int64: out[i] = number of edges <= values[i]. So a value below edges[0] is in
    bucket 0, one with edges[b - 1] <= value < edges[b] is in bucket b, and one >= edges[-1] is in
    bucket E. A value equal to an edge goes to the bucket on the edge's right.
    """
    # TODO: the edges are sorted, so a binary search finds each bucket; NumPy does all of them in one call.
    raise NotImplementedError("write digitize_buckets")
