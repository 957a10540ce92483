import torch


def puzzle_pad_to(a: torch.Tensor, i: int, j: int) -> torch.Tensor:
    """An (i, j) table of "source k is target k": a times it moves each a[k]."""
    return a @ ((torch.arange(i)[:, None] == torch.arange(j)) * 1.0)
