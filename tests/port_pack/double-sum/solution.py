import torch


def double_sum(a: torch.Tensor) -> torch.Tensor:
    """a: (I,) int64. Returns (1,) int64, twice the sum."""
    return sum(a) * 2
