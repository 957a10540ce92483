# expect: forbidden F001
import torch
import importlib


def solve(x):
    return x * 2
