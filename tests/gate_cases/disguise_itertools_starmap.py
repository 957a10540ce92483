# expect: forbidden F001, loop L006, loop L010
import itertools

import torch


def solve(x, y):
    return torch.stack([*itertools.starmap(torch.mul, zip(x, y))])
