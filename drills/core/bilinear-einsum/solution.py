import torch


def bilinear_einsum(x1: torch.Tensor, W: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
    """The sum written with its indices: b and o stay, i and j are contracted."""
    return torch.einsum("bi,oij,bj->bo", x1, W, x2)
