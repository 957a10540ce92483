import torch


def ones(i: int) -> torch.Tensor:
    """Returns (i,) int64 ones."""
    out = torch.zeros(i, dtype=torch.int64)
    for k in range(i):
        out[k] = 1
    return out
