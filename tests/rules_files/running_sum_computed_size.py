import torch


def size_of(a):
    return torch.arange(a.shape[0] * (a[0] <= 9))


def rx_running_sum(a):
    return a @ ((size_of(a)[:, None] <= size_of(a)) * rx_ones(a))
