import torch


def puzzle_sign(x: torch.Tensor) -> torch.Tensor:
    """Booleans are numbers once multiplied: one mask adds 1, the other takes 1 away."""
    return (x > 0) * 1.0 - (x < 0) * 1.0
