# expect: forbidden F001
import torch
import sys


def solve(x):
    return x * 2
