# vecdrill: pairwise-distance
# expect: ok
import torch


def _squared(t: torch.Tensor) -> torch.Tensor:
    return t * t


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.cdist(a, b) + _squared(a).sum(-1, keepdim=True)
