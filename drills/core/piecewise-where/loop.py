import torch


def piecewise_where(x: torch.Tensor) -> torch.Tensor:
    """Hard-swish activation, one element at a time.

    x: (R, C) float32, any values.
    Returns (R, C) float32 with, element by element,
        0                  where x <= -3,
        x * (x + 3) / 6    where -3 < x < 3,
        x                  where x >= 3.
    """
    flat = x.reshape(-1)
    result = torch.zeros(flat.numel(), dtype=x.dtype, device=x.device)
    for i in range(flat.numel()):
        v = flat[i]
        if v <= -3:
            result[i] = 0.0
        elif v < 3:
            result[i] = v * (v + 3) / 6
        else:
            result[i] = v
    return result.view(x.shape)
