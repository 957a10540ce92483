import torch


def puzzle_flip(x: torch.Tensor) -> torch.Tensor:
    """Reverse every row, one element at a time.

    x: (B, N) float32.
    Returns (B, N) float32 with out[b, j] = x[b, N - 1 - j].
    """
    n = x.shape[1]
    out = torch.zeros_like(x)
    for b in range(x.shape[0]):
        for j in range(n):
            out[b, j] = x[b, n - 1 - j]
    return out
