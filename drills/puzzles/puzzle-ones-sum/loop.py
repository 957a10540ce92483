import torch


def puzzle_ones_sum(x: torch.Tensor) -> torch.Tensor:
    """The sum of every row, one element at a time.

    x: (B, N) int64 (later puzzles call it on bool masks and on more
    leading dimensions: it sums over the last one).
    Returns (B,) int64 with out[b] = x[b, 0] + ... + x[b, N - 1].
    """
    out = torch.zeros(x.shape[0], dtype=torch.int64, device=x.device)
    for b in range(x.shape[0]):
        for j in range(x.shape[1]):
            out[b] += x[b, j]
    return out
