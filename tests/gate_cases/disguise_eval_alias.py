# expect: forbidden F002
import torch

run = eval


def solve(x):
    return run("x * 2")
