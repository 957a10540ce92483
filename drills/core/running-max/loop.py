import torch


def running_max(x: torch.Tensor) -> torch.Tensor:
    """Largest value seen so far along each row, one element at a time.

    x: (B, T) float32, T >= 1.
    Returns (B, T) float32: out[i, t] = max(x[i, 0], ..., x[i, t]).
    """
    B, T = x.shape
    out = torch.empty(B, T, dtype=x.dtype, device=x.device)
    for i in range(B):
        best = x[i, 0]
        for t in range(T):
            if x[i, t] > best:
                best = x[i, t]
            out[i, t] = best
    return out
