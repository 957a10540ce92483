# expect: forbidden F001
import torch
import os


def solve(x):
    return x * 2
