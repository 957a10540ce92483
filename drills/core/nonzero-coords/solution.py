import torch


def nonzero_coords(x: torch.Tensor, threshold: float) -> torch.Tensor:
    """nonzero lists the True entries of the mask, row-major, as (K, 2) int64 coordinates."""
    return torch.nonzero(x > threshold)
