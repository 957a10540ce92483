# expect: loop L003
import torch


def solve(x):
    table = {size: 1 for size in x.shape}
    return x * len(table)
