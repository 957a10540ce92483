# expect: forbidden F003
import torch


def solve(x):
    return torch.compile(lambda t: t * 2)(x)
