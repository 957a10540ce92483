import torch


def nonzero_coords(x: torch.Tensor, threshold: float) -> torch.Tensor:
    """List the coordinates of the entries above a threshold, one entry at a time.

    x: (H, W) float32, e.g. a score map.
    threshold: Python float.
    Returns (K, 2) int64 on x's device: one row (i, j) for every x[i, j] > threshold,
    in row-major order (by i, then by j). K is the number of such entries.
    """
    coords = []
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            if x[i, j] > threshold:
                coords.append([i, j])
    return torch.tensor(coords, dtype=torch.int64, device=x.device).reshape(-1, 2)
