import torch


def grow_by_cat(x: torch.Tensor, eps: float) -> torch.Tensor:
    """Scale every row to unit length, growing the result by one row per step with torch.cat.

    x: (N, D) float32, one feature row per sample (a row may be all zeros).
    eps: Python float > 0, the smallest norm divided by, so that a zero row stays zero.
    Returns (N, D) float32: row i is x[i] / max(||x[i]||, eps), ||.|| the Euclidean norm.
    """
    out = x.new_empty(0, x.shape[1])
    for i in range(x.shape[0]):
        row = x[i] / torch.linalg.vector_norm(x[i]).clamp_min(eps)
        out = torch.cat([out, row.unsqueeze(0)])  # copies all i rows so far, plus the new one
    return out
