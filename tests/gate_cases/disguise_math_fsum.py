# expect: loop L010
import math

import torch


def solve(x):
    return torch.tensor(math.fsum(x))
