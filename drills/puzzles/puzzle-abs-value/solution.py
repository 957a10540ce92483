import torch


def puzzle_abs_value(x: torch.Tensor) -> torch.Tensor:
    """Pick -x where x is negative and x elsewhere."""
    return torch.where(x < 0, -x, x)
