import torch


def puzzle_flip(x: torch.Tensor) -> torch.Tensor:
    """Read column -1 - j into column j: negative indices count from the end."""
    return x[:, -1 - puzzle_positions(x)]
