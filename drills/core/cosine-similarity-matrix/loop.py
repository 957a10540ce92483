import torch


def cosine_similarity_matrix(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Cosine similarity of every row of a with every row of b, one pair at a time.

    a: (N, D) float32.
    b: (M, D) float32.
    Returns (N, M) float32: out[i, j] = dot(a[i], b[j]) / (max(|a[i]|, eps) * max(|b[j]|, eps)),
    with |.| the Euclidean norm and eps = 1e-8 (a zero row gives 0, not nan).
    """
    eps = 1e-8
    n = a.shape[0]
    m = b.shape[0]
    out = torch.empty(n, m, dtype=a.dtype, device=a.device)
    for i in range(n):
        for j in range(m):
            norm_a = torch.linalg.vector_norm(a[i]).clamp_min(eps)
            norm_b = torch.linalg.vector_norm(b[j]).clamp_min(eps)
            out[i, j] = torch.dot(a[i], b[j]) / (norm_a * norm_b)
    return out
