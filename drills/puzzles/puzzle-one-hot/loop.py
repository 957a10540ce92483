import torch


def puzzle_one_hot(idx: torch.Tensor, c: int) -> torch.Tensor:
    """The one-hot rows of idx, one row at a time.

    idx: (B,) int64, class numbers in [0, c).
    c: the number of classes, a Python int.
    Returns (B, c) int64 with out[i, j] = 1 if idx[i] == j else 0.
    """
    out = torch.zeros(idx.shape[0], c, dtype=torch.int64, device=idx.device)
    for i in range(idx.shape[0]):
        out[i, idx[i]] = 1
    return out
