# expect: loop L005
import torch

double_all = lambda t: t if t.shape[0] == 0 else torch.cat([t[:1] * 2, double_all(t[1:])])


def solve(x):
    return double_all(x)
