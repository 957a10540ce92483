import torch


def dc_good(x):
    return x * 2
