# expect: ok
import torch
from torch import max as tensor_max


def solve(x: torch.Tensor) -> torch.Tensor:
    sum = x.sum(dim=1)
    values, _ = tensor_max(x, dim=1)
    return sum - values
