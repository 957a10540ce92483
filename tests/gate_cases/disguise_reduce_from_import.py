# expect: forbidden F001, loop L006
from functools import reduce as fold

import torch


def solve(x):
    return fold(torch.add, x)
