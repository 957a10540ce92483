import torch


def puzzle_row_max_mask(x: torch.Tensor) -> torch.Tensor:
    """No larger element in the row: rank 0 of -x."""
    return puzzle_rank_by_counting(-x) == 0
