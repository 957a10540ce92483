# expect: ok
import torch


def solve(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return torch.vmap(lambda row: row @ w)(x)
