import torch


def puzzle_seen_before(x: torch.Tensor) -> torch.Tensor:
    """Equal values at an earlier position: a strict lower triangle of the equality table."""
    return ((x[:, None] == x) & (puzzle_positions(x) < puzzle_positions(x)[:, None])).sum(1) > 0
