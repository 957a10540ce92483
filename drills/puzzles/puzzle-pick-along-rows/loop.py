import torch


def puzzle_pick_along_rows(x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    """Pick the columns each row of idx names, one element at a time.

    x: (B, C) float32.
    idx: (B, K) int64, column numbers in [0, C).
    Returns (B, K) float32 with out[i, k] = x[i, idx[i, k]].
    """
    out = torch.zeros(idx.shape, dtype=x.dtype, device=x.device)
    for i in range(idx.shape[0]):
        for k in range(idx.shape[1]):
            out[i, k] = x[i, idx[i, k]]
    return out
