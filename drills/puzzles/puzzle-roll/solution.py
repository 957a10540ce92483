import torch


def puzzle_roll(x: torch.Tensor, s: int) -> torch.Tensor:
    """Column j reads from s places before it, modulo the row's length."""
    return x[:, (puzzle_positions(x) - s) % x.shape[1]]
