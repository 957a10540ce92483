# expect: forbidden F005
import torch


def solve(x, table):
    return x * 2 + 0 * len(table["__builtins__"])
