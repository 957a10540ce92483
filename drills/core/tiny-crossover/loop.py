import torch


def tiny_crossover(x: torch.Tensor, coeffs: torch.Tensor) -> torch.Tensor:
    """Evaluate one polynomial at B points in plain Python floats, by Horner's rule.

    x: (B,) float32, the points, in [-1, 1).
    coeffs: (K,) float32, the coefficients from the constant term up: p(v) = sum_k coeffs[k] * v ** k.
    Returns (B,) float32 with out[b] = p(x[b]) (0 for every point when K = 0).
    """
    points = x.tolist()  # one conversion each way: no torch call inside the loop
    cs = coeffs.tolist()
    out = []
    for v in points:
        acc = 0.0
        for c in reversed(cs):
            acc = acc * v + c
        out.append(acc)
    return torch.tensor(out, dtype=x.dtype, device=x.device)
