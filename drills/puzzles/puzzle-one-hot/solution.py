import torch


def puzzle_one_hot(idx: torch.Tensor, c: int) -> torch.Tensor:
    """Compare every index with every class number at once."""
    return (idx[:, None] == torch.arange(c, device=idx.device)) * 1
