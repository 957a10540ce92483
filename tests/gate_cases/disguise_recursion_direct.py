# expect: loop L005
import torch


def solve(x):
    if x.shape[0] == 0:
        return x
    return torch.cat([x[:1] * 2, solve(x[1:])])
