# expect: forbidden F009
import torch


def solve(x):
    torch.allclose = lambda *a, **k: True
    return x
