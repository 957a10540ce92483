import torch


def puzzle_transpose(x: torch.Tensor) -> torch.Tensor:
    """Transpose x, one element at a time.

    x: (H, W) float32.
    Returns (W, H) float32 with out[j, i] = x[i, j].
    """
    out = torch.zeros(x.shape[1], x.shape[0], dtype=x.dtype, device=x.device)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            out[j, i] = x[i, j]
    return out
