import torch


def triangular_pairs(points: torch.Tensor) -> torch.Tensor:
    """Gaussian repulsion energy summed over every unordered pair of points, one pair at a time.

    points: (N, D) float32, N >= 2.
    Returns a 0-dim float32 tensor: sum over i < j of exp(-||points[i] - points[j]||^2).
    Each pair counts once, and a point is never paired with itself.
    """
    N = points.shape[0]
    total = torch.zeros((), dtype=points.dtype, device=points.device)
    for i in range(N):
        for j in range(i + 1, N):
            diff = points[i] - points[j]
            total = total + torch.exp(-(diff * diff).sum())
    return total
