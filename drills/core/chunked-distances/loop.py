import torch


def chunked_distances(
    queries: torch.Tensor, keys: torch.Tensor
) -> torch.Tensor:
    """Squared Euclidean distance from every query to every key, one query
    at a time.

    queries: (Q, D) float32.
    keys: (K, D) float32.
    Returns (Q, K) float32:
    out[i, j] = sum over d of (queries[i, d] - keys[j, d]) ** 2.
    """
    Q = queries.shape[0]
    K = keys.shape[0]
    out = torch.empty(Q, K, dtype=queries.dtype, device=queries.device)
    for i in range(Q):
        diff = keys - queries[i]      # (K, D): one query against all keys
        out[i] = (diff * diff).sum(dim=1)
    return out
