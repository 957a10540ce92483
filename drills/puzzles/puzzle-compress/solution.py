import torch


def puzzle_compress(v: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
    """A kept value's slot is its running count - 1: a weighted bincount."""
    return puzzle_bincount(puzzle_running_count(m) - 1, v * m, len(v))
