# expect: forbidden F002
import torch


def solve(x):
    setattr(torch, "where", lambda *a: a[1])
    return x * 2
