# expect: forbidden F005
import torch


def solve(x):
    return __builtins__ and x * 2
