# expect: forbidden F002
import torch


def solve(x):
    with open("/etc/passwd") as handle:
        handle.read()
    return x * 2
