import torch


def grid_path_dp(cost: torch.Tensor) -> torch.Tensor:
    """Cheapest path costs down a grid, one cell at a time.

    cost: (H, W) float32, the cost of entering each cell, in [0, 1).
    A path starts anywhere in row 0 and moves down one row per step, to the same column or one to
    the left or right. dp[0, j] = cost[0, j] and
    dp[i, j] = cost[i, j] + min(dp[i - 1, j - 1], dp[i - 1, j], dp[i - 1, j + 1]),
    with the column indices clamped to [0, W - 1] at the edges.
    Returns (W,) float32: the last row dp[H - 1], the cheapest path ending in each column.
    """
    H, W = cost.shape
    prev = [cost[0, j] for j in range(W)]
    for i in range(1, H):
        row = []
        for j in range(W):
            best = torch.minimum(prev[max(j - 1, 0)], prev[j])
            best = torch.minimum(best, prev[min(j + 1, W - 1)])
            row.append(cost[i, j] + best)
        prev = row
    return torch.stack(prev) if prev else cost.new_empty(0)
