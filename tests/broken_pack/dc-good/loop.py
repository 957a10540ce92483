import torch


def dc_good(x):
    """x: (N,) float32. Returns (N,) float32 = 2 * x."""
    out = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
    for i in range(x.shape[0]):
        out[i] = x[i] * 2
    return out
