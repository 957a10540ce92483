import torch


def nearest_neighbour(queries: torch.Tensor, refs: torch.Tensor) -> torch.Tensor:
    """Index of the nearest reference point for every query, one query at a time.

    queries: (Q, D) float32, Q points.
    refs: (R, D) float32, R >= 1 reference points.
    Returns (Q,) int64: the r minimizing the Euclidean distance between queries[i] and refs[r];
    on a tie, the smallest such r.
    """
    out = torch.empty(queries.shape[0], dtype=torch.int64, device=queries.device)
    for i in range(queries.shape[0]):
        squared = ((refs - queries[i]) ** 2).sum(dim=1)  # (R,) squared distances to query i
        out[i] = torch.argmin(squared)
    return out
