# expect: loop L003, loop L011
import torch


def solve(x):
    return torch.tensor([v.item() * 2 for v in x])
