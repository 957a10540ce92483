import torch


def puzzle_rank_by_counting(x: torch.Tensor) -> torch.Tensor:
    """Compare every pair in a row, then count the smaller ones."""
    return puzzle_ones_sum(x[:, None, :] < x[:, :, None])
