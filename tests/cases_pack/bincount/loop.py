import torch


def bincount(a, d):
    """a: (N,) int64 in [0, d). Returns (d,) int64 counts."""
    out = torch.zeros(d, dtype=torch.int64, device=a.device)
    for value in a:
        out[value] += 1
    return out
