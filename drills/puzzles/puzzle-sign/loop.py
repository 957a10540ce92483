import torch


def puzzle_sign(x: torch.Tensor) -> torch.Tensor:
    """The sign of every element, one element at a time.

    x: (N,) float32.
    Returns (N,) float32: 1.0 where x[i] > 0, -1.0 where x[i] < 0, 0.0
    where x[i] == 0.
    """
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        if x[i] > 0:
            out[i] = 1.0
        elif x[i] < 0:
            out[i] = -1.0
    return out
