import torch


def puzzle_ones_sum(x: torch.Tensor) -> torch.Tensor:
    """A row times a column of ones is the row's sum; `* 1` makes bools int."""
    return x * 1 @ (puzzle_positions(x) * 0 + 1)
