# expect: forbidden F003
from torch.utils import data

import torch


def solve(x):
    return x * 2
