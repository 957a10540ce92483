import math

import torch


def inplace_autograd(x: torch.Tensor, cap: float) -> torch.Tensor:
    """A differentiable exp that turns linear above cap, one element at
    a time.

    x: (N,) float32, may require grad; values far above cap (exp(x) would
        overflow).
    cap: Python float.
    Returns (N,) float32: exp(x[i]) where x[i] <= cap, else
    exp(cap) * (1 + x[i] - cap) (the tangent line at cap). x is not
    modified; the gradient is finite everywhere.
    """
    N = x.shape[0]
    out = torch.empty_like(x)
    for i in range(N):
        v = x[i]
        if v > cap:
            out[i] = math.exp(cap) * (1 + v - cap)
        else:
            out[i] = torch.exp(v)
    return out
