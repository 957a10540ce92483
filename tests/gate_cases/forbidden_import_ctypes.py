# expect: forbidden F001
import torch
import ctypes


def solve(x):
    return x * 2
