# expect: forbidden F001
import torch
import subprocess


def solve(x):
    return x * 2
