# expect: loop L003
import torch


def solve(x):
    return torch.stack([row * 2 for row in x])
