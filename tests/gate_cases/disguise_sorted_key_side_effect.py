# expect: loop L010
import torch


def solve(x):
    out = torch.empty_like(x)

    def store(i):
        out[i] = x[i] * 2
        return 0

    sorted(torch.arange(x.shape[0]).numpy(), key=store)
    return out
