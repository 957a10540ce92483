# expect: loop L008
import torch


def solve(x):
    out = x.clone()
    out.map_(x, lambda a, b: a + b)
    return out
