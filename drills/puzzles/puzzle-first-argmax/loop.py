import torch


def puzzle_first_argmax(x: torch.Tensor) -> torch.Tensor:
    """The position of the first maximum of every row, one element at a time.

    x: (B, C) float32 with C >= 1.
    Returns (B,) int64 with out[i] = the smallest j such that x[i, j] is
    the largest value of row i.
    """
    out = torch.zeros(x.shape[0], dtype=torch.int64, device=x.device)
    for i in range(x.shape[0]):
        best = 0
        for j in range(1, x.shape[1]):
            if x[i, j] > x[i, best]:
                best = j
        out[i] = best
    return out
