# expect: forbidden F002
import torch


def solve(x):
    tools = __import__("itertools")
    return torch.stack([*tools.accumulate(x)])
