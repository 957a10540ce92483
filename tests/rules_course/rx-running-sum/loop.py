import torch


def rx_running_sum(a):
    """a: (N,) float32. Returns (N,) float32, out[j] = a[0] + ... + a[j]."""
    out = torch.zeros(a.shape[0])
    total = 0.0
    for j in range(a.shape[0]):
        total = total + a[j]
        out[j] = total
    return out
