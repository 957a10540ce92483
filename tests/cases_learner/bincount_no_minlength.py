import torch


def bincount(a, d):
    return torch.bincount(a)
