import torch


def half_precision_sum(x: torch.Tensor) -> torch.Tensor:
    """Per-row norms of float16 activations, summed in float32, all at once.

    x: (B, N) float16, activations of a half-precision model (standard
       deviation about 16: the squares and their sums leave float16's
       range, whose largest finite value is 65504).
    Returns (B,) float32 on x's device: out[i] = sqrt(sum_j x[i, j] ** 2),
    with the squares and the sum carried in float32.
    """
    # TODO: one reduction over the rows, carried in float32.
    raise NotImplementedError("write half_precision_sum")
