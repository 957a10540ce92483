# expect: forbidden F001
import torch
import vecdrill


def solve(x):
    return x * 2
