# expect: loop L012
import torch


def solve(x):
    Rows = type("Rows", (), {})
    return x * 2 if Rows else x
