# expect: forbidden F001
import torch
import pickle


def solve(x):
    return x * 2
