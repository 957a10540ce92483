import torch


def rx_ones(a):
    """a: (N,) float32. Returns (N,) float32 ones."""
    return (torch.arange(a.shape[0]) >= 0) * 1.0
