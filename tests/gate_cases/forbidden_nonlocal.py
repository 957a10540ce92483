# expect: forbidden F006
import torch


def solve(x):
    scale = 1

    def bump():
        nonlocal scale
        scale = 2

    bump()
    return x * scale
