import torch


def puzzle_neighbour_sum(x: torch.Tensor, w: int) -> torch.Tensor:
    """The sum of the neighbours within w positions, one element at a time.

    x: (N,) float32.
    w: the half-width of the window, a Python int >= 0.
    Returns (N,) float32 with out[i] = sum of x[j] for
    max(0, i - w) <= j <= min(N - 1, i + w).
    """
    n = x.shape[0]
    out = torch.zeros_like(x)
    for i in range(n):
        for j in range(max(0, i - w), min(n, i + w + 1)):
            out[i] = out[i] + x[j]
    return out
