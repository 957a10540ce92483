# expect: loop L005
import torch


def solve(x):
    if x.dim() == 0:
        return x * 2
    return torch.vmap(lambda row: solve(row))(x)
