import torch


def puzzle_first_argmax(x: torch.Tensor) -> torch.Tensor:
    """Before the first maximum, the running count of maxima is 0."""
    return puzzle_ones_sum(puzzle_running_count(puzzle_row_max_mask(x)) == 0)
