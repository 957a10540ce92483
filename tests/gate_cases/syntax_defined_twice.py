# expect: syntax S006
import torch


def solve(x):
    return x * 2


def solve(x):
    return x + x
