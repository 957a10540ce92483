import torch


def puzzle_row_max_mask(x: torch.Tensor) -> torch.Tensor:
    """Mark the maxima of every row, one element at a time.

    x: (B, C) float32.
    Returns (B, C) bool, True where x[i, j] equals the largest value of row i.
    """
    out = torch.zeros(x.shape, dtype=torch.bool, device=x.device)
    for i in range(x.shape[0]):
        if x.shape[1] == 0:
            continue
        best = x[i, 0]
        for j in range(1, x.shape[1]):
            if x[i, j] > best:
                best = x[i, j]
        for j in range(x.shape[1]):
            out[i, j] = x[i, j] == best
    return out
