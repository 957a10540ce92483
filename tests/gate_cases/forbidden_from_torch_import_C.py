# expect: forbidden F004
from torch import _C

import torch


def solve(x):
    return x * 2
