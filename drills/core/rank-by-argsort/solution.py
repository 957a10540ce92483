import torch


def rank_by_argsort(x: torch.Tensor) -> torch.Tensor:
    """argsort gives, per rank, the column holding it; argsort of that permutation inverts it."""
    return x.argsort(dim=1).argsort(dim=1)
