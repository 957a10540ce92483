# expect: forbidden F005
import torch


def solve(x):
    return x.__class__(x * 2)
