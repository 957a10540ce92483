import torch


def rx_running_sum(a):
    """a: (N,) float32. Returns (N,) float32, out[j] = a[0] + ... + a[j]."""
    raise NotImplementedError("write rx_running_sum")
