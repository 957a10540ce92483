import torch


def cosine_similarity_matrix(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Cosine similarity of all row pairs of a and b, one row of a at a time.

    a: (N, D) float32.
    b: (M, D) float32.
    Returns (N, M) float32: out[i, j] = dot(a[i], b[j]) / (max(|a[i]|, eps) * max(|b[j]|, eps)),
    with |.| the Euclidean norm and eps = 1e-8 (a zero row gives 0, not nan).
    """
    eps = 1e-8
    n = a.shape[0]
    m = b.shape[0]
    out = torch.empty(n, m, dtype=a.dtype, device=a.device)
    norms_b = torch.linalg.vector_norm(b, dim=1).clamp_min(eps)    # (M,)
    for i in range(n):
        norm_a = torch.linalg.vector_norm(a[i]).clamp_min(eps)
        out[i] = (b @ a[i]) / (norm_a * norms_b)
    return out
