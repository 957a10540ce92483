# expect: forbidden F006
import torch

calls = 0


def solve(x):
    global calls
    calls = calls + 1
    return x * 2
