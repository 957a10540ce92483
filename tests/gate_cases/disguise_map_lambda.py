# expect: loop L006
import torch


def solve(x):
    return torch.stack([*map(lambda row: row * 2, x)])
