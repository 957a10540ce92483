import torch


def puzzle_first_argmax(x: torch.Tensor) -> torch.Tensor:
    """Count the positions before the first maximum: there the running count is 0."""
    return (puzzle_running_count(puzzle_row_max_mask(x)) == 0).sum(1)
