import torch


def cumulative_sum(x: torch.Tensor) -> torch.Tensor:
    """Running total along each row, one element at a time.

    x: (B, T) float32.
    Returns (B, T) float32: out[i, t] = x[i, 0] + x[i, 1] + ... + x[i, t].
    """
    B, T = x.shape
    out = torch.empty(B, T, dtype=x.dtype, device=x.device)
    for i in range(B):
        running = 0.0
        for t in range(T):
            running = running + x[i, t]
            out[i, t] = running
    return out
