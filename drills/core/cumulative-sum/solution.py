import torch


def cumulative_sum(x: torch.Tensor) -> torch.Tensor:
    """Inclusive prefix sums along dim 1."""
    return torch.cumsum(x, dim=1)
