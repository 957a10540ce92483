import torch


def fx_pair(x):
    return x + 1, x - 1
