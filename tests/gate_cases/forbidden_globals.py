# expect: forbidden F002
import torch


def solve(x):
    return globals()["torch"].mul(x, 2)
