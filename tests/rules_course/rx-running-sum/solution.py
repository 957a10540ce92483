import torch


def rx_running_sum(a):
    """a: (N,) float32. Returns (N,) float32, out[j] = a[0] + ... + a[j]."""
    return a @ ((torch.arange(a.shape[0])[:, None] <= torch.arange(a.shape[0])) * rx_ones(a))
