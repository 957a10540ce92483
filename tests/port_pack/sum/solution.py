import torch


def sum(a: torch.Tensor) -> torch.Tensor:
    """a: (I,) int64. Returns (1,) int64, the sum."""
    return ones(a.shape[0]) @ a[:, None]
