import math

import torch


def puzzle_fractional_part(x: torch.Tensor) -> torch.Tensor:
    """The fractional part of every element, one element at a time.

    x: (N,) float32.
    Returns (N,) float32 with out[i] = x[i] - floor(x[i]), in [0, 1)
    (0.75 for -2.25).
    """
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] - math.floor(float(x[i]))
    return out
