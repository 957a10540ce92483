import torch


def dc_missing_input(x):
    return x * 2
