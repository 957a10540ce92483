# expect: forbidden F001, loop L006
import functools

import torch


def solve(x):
    return functools.reduce(lambda acc, row: acc + row, x, torch.zeros(x.shape[1:]))
