# expect: ok
import torch


def solve(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    top = torch.sum(x, dim=0) + x.sum() + x.max() + torch.max(x, y) + x.amax(dim=0)
    order = torch.argsort(x, dim=-1)
    return torch.take_along_dim(x, order, dim=-1) + top + torch.autograd.grad
