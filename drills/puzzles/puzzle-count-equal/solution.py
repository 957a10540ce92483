import torch


def puzzle_count_equal(x: torch.Tensor, v: int) -> torch.Tensor:
    """Mark the matches, then add the marks up."""
    return (x == v).sum()
