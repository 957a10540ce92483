import torch


def puzzle_cumsum_triangular(x: torch.Tensor) -> torch.Tensor:
    """Column j of the triangle is 1 at rows k <= j: x @ it sums x[:j+1]."""
    return x @ ((puzzle_positions(x)[:, None] <= puzzle_positions(x)) * 1)
