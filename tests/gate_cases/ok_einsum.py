# expect: ok
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bij,bjk->bik", a, b)
