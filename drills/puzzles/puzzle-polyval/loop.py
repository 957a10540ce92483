import torch


def puzzle_polyval(x: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
    """Evaluate the polynomial c at every x, one term at a time.

    x: (N,) float32, the points.
    c: (K,) float32, coefficients from the constant term up (K = 0: the
    zero polynomial).
    Returns (N,) float32 with out[i] = sum over k of c[k] * x[i] ** k.
    """
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        for k in range(c.shape[0]):
            out[i] = out[i] + c[k] * x[i] ** k
    return out
