# expect: loop L010
import torch

total = sum


def solve(x):
    return total(x)
