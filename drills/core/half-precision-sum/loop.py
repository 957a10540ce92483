import torch


def half_precision_sum(x: torch.Tensor) -> torch.Tensor:
    """Per-row norms of float16 activations, summed in float32, row by row.

    x: (B, N) float16, activations of a half-precision model (standard
       deviation about 16: the squares and their sums leave float16's
       range, whose largest finite value is 65504).
    Returns (B,) float32 on x's device: out[i] = sqrt(sum_j x[i, j] ** 2),
    with the squares and the sum carried in float32.
    """
    out = torch.empty(x.shape[0], dtype=torch.float32, device=x.device)
    for i in range(x.shape[0]):
        row = x[i].float()  # upcast first: square and sum in float32
        out[i] = torch.sqrt((row * row).sum())
    return out
