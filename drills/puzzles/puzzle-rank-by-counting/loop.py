import torch


def puzzle_rank_by_counting(x: torch.Tensor) -> torch.Tensor:
    """The rank of every element in its row, counting one pair at a time.

    x: (B, C) float32.
    Returns (B, C) int64 with out[i, j] = the number of k with
    x[i, k] < x[i, j];
    equal elements get the same rank, the smallest gets 0.
    """
    out = torch.zeros(x.shape, dtype=torch.int64, device=x.device)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            for k in range(x.shape[1]):
                if x[i, k] < x[i, j]:
                    out[i, j] += 1
    return out
