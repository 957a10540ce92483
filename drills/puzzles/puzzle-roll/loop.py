import torch


def puzzle_roll(x: torch.Tensor, s: int) -> torch.Tensor:
    """Roll every row s places to the right, one element at a time.

    x: (B, N) float32.
    s: the shift, a Python int >= 0 (it may be larger than N).
    Returns (B, N) float32 with out[b, (j + s) % N] = x[b, j], as
    torch.roll(x, s, 1).
    """
    n = x.shape[1]
    out = torch.zeros_like(x)
    for b in range(x.shape[0]):
        for j in range(n):
            out[b, (j + s) % n] = x[b, j]
    return out
