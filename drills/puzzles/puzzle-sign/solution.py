import torch


def puzzle_sign(x: torch.Tensor) -> torch.Tensor:
    """Masks are numbers once multiplied: one adds 1, the other takes 1."""
    return (x > 0) * 1.0 - (x < 0) * 1.0
