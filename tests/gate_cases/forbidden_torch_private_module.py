# expect: forbidden F004
import torch


def solve(x):
    torch._dynamo.reset()
    return x * 2
