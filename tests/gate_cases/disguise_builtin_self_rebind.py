# expect: loop L010
import torch

sum = sum


def solve(x):
    return sum(x)
