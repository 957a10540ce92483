import torch


def rx_ones(a):
    """a: (N,) float32. Returns (N,) float32 ones."""
    raise NotImplementedError("write rx_ones")
