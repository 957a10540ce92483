import torch


def puzzle_abs_diff_matrix(p: torch.Tensor) -> torch.Tensor:
    """Every pairwise absolute difference of p, one pair at a time.

    p: (N,) int64.
    Returns (N, N) int64 with out[i, j] = |p[i] - p[j]|.
    """
    n = p.shape[0]
    out = torch.zeros(n, n, dtype=torch.int64, device=p.device)
    for i in range(n):
        for j in range(n):
            d = p[i] - p[j]
            out[i, j] = -d if d < 0 else d
    return out
