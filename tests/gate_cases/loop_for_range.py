# expect: loop L001, loop L010
import torch


def solve(x):
    out = torch.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] * 2
    return out
