import torch


def puzzle_bincount(a: torch.Tensor, w: torch.Tensor, j: int) -> torch.Tensor:
    """Row i of the table marks the bin of a[i]; w @ it adds up each bin."""
    return w @ ((a[:, None] == torch.arange(j)) * 1.0)
