import torch


def puzzle_clamp_range(x: torch.Tensor, lo: float, hi: float) -> torch.Tensor:
    """Clamp every element into [lo, hi], one element at a time.

    x: (N,) float32; lo <= hi are Python floats.
    Returns (N,) float32: lo where x[i] < lo, hi where x[i] > hi, x[i]
    elsewhere.
    """
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        if x[i] < lo:
            out[i] = lo
        elif x[i] > hi:
            out[i] = hi
        else:
            out[i] = x[i]
    return out
