import torch


def rx_running_sum(a):
    """A docstring does not count."""
    upper = torch.arange(a.shape[0])[:, None] <= torch.arange(a.shape[0])
    return a @ (upper * rx_ones(a))
