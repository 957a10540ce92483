import torch


def softplus_stable(x: torch.Tensor) -> torch.Tensor:
    """Softplus log(1 + exp(x)) of every element, choosing a safe formula element by element.

    x: (B, C) float32; entries can be large in magnitude (|x| of 100 or more).
    Returns (B, C) float32: out[i, j] = log(1 + exp(x[i, j])), computed without overflow:
    x + log1p(exp(-x)) where x > 0, and log1p(exp(x)) elsewhere.
    """
    B, C = x.shape
    out = torch.empty(B, C, dtype=x.dtype, device=x.device)
    for i in range(B):
        for j in range(C):
            v = x[i, j]
            if v > 0:
                out[i, j] = v + torch.log1p(torch.exp(-v))
            else:
                out[i, j] = torch.log1p(torch.exp(v))
    return out
