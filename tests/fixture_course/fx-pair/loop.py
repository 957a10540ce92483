import torch


def fx_pair(x):
    """x: (N,) float32. Returns the tuple (x + 1, x - 1)."""
    up = torch.zeros_like(x)
    down = torch.zeros_like(x)
    for i in range(x.shape[0]):
        up[i] = x[i] + 1
        down[i] = x[i] - 1
    return up, down
