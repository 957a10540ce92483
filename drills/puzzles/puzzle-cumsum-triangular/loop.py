import torch


def puzzle_cumsum_triangular(x: torch.Tensor) -> torch.Tensor:
    """The running sum of every row, carried from one element to the next.

    x: (B, N) int64 (a 1-D (N,) x works the same way).
    Returns (B, N) int64 with out[b, j] = x[b, 0] + ... + x[b, j].
    """
    out = torch.zeros(x.shape, dtype=torch.int64, device=x.device)
    for b in range(x.shape[0]):
        total = 0
        for j in range(x.shape[1]):
            total = total + x[b, j]
            out[b, j] = total
    return out
