# expect: forbidden F004
import torch


def solve(x):
    return x._base if x._base is not None else x * 2
