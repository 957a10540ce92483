import torch


def puzzle_checkerboard(x: torch.Tensor) -> torch.Tensor:
    """Zero the odd squares of a checkerboard laid over x, one cell at a time.

    x: (H, W) float32.
    Returns (H, W) float32 with out[i, j] = x[i, j] if (i + j) is even else 0.0.
    """
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            if (i + j) % 2 == 0:
                out[i, j] = x[i, j]
    return out
