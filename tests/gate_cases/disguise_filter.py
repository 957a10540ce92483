# expect: loop L006
import torch


def solve(x):
    return torch.stack([*filter(lambda row: bool(row.sum() > 0), x)])
