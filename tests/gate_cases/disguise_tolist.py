# expect: loop L011
import torch


def solve(x):
    return torch.tensor(x.tolist()) * 2
