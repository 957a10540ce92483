import torch


def puzzle_even_positions(x: torch.Tensor) -> torch.Tensor:
    """Keep the even positions and zero the others, one element at a time.

    x: (N,) float32.
    Returns (N,) float32 with out[i] = x[i] for even i and 0.0 for odd i.
    """
    out = torch.zeros_like(x)
    for i in range(0, x.shape[0], 2):
        out[i] = x[i]
    return out
