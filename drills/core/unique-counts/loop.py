import torch


def unique_counts(x: torch.Tensor) -> torch.Tensor:
    """Replace every value by how often it occurs, one element at a time.

    x: (N,) int64, any integers (negative ones included).
    Returns (N,) int64 on x's device: out[i] = number of positions j with x[j] == x[i].
    """
    seen: dict = {}
    for i in range(x.shape[0]):
        v = int(x[i])
        seen[v] = seen.get(v, 0) + 1
    out = torch.zeros(x.shape[0], dtype=torch.int64, device=x.device)
    for i in range(x.shape[0]):
        out[i] = seen[int(x[i])]
    return out
