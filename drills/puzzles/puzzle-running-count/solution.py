import torch


def puzzle_running_count(m: torch.Tensor) -> torch.Tensor:
    """A count is a sum of ones: the mask as int64, through the running sum."""
    return puzzle_cumsum_triangular(m * 1)
