# expect: loop L010
import torch

if False:
    from torch import sum


def solve(x):
    return sum(x)
