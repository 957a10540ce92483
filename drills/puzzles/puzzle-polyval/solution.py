import torch


def puzzle_polyval(x: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
    """The table of powers (a Vandermonde matrix) times the coefficients."""
    return x[:, None] ** puzzle_positions(c) @ c
