import torch


def sum(a: torch.Tensor) -> torch.Tensor:
    """a: (I,) int64. Returns (1,) int64, the sum."""
    out = torch.zeros(1, dtype=torch.int64)
    for k in range(a.shape[0]):
        out[0] += a[k]
    return out
