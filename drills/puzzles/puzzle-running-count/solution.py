import torch


def puzzle_running_count(m: torch.Tensor) -> torch.Tensor:
    """A lower triangle of (j, k) pairs picks the positions up to j; summing counts them."""
    return (m[:, None, :] & (puzzle_positions(m) <= puzzle_positions(m)[:, None])).sum(2)
