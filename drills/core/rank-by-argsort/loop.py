import torch


def rank_by_argsort(x: torch.Tensor) -> torch.Tensor:
    """Rank of every element within its row, by counting smaller elements.

    x: (B, C) float32, distinct values within a row.
    Returns (B, C) int64: ranks[i, j] = number of entries of row i smaller than x[i, j],
    so the smallest entry of a row has rank 0 and the largest has rank C - 1.
    """
    B, C = x.shape
    ranks = torch.zeros(B, C, dtype=torch.int64, device=x.device)
    for i in range(B):
        row = x[i]
        for j in range(C):
            ranks[i, j] = int((row < row[j]).sum())
    return ranks
