import torch


def puzzle_abs_diff_matrix(p: torch.Tensor) -> torch.Tensor:
    """A column minus a row is the table of differences."""
    return puzzle_abs_value(p[:, None] - p)
