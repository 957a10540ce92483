import torch


def rank_by_argsort(x: torch.Tensor) -> torch.Tensor:
    """Rank of every element within its row, without a Python loop.

    x: (B, C) float32, distinct values within a row.
    Returns (B, C) int64: ranks[i, j] = number of entries of row i smaller than x[i, j],
    so the smallest entry of a row has rank 0 and the largest has rank C - 1.
    """
    # TODO: sorting tells you which element has each rank; you need the inverse: which rank each element has.
    raise NotImplementedError("write rank_by_argsort")
