import torch


def cosine_similarity_matrix(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Normalize every row once, then one matmul gives every pair's dot product."""
    eps = 1e-8
    a_unit = a / torch.linalg.vector_norm(a, dim=1, keepdim=True).clamp_min(eps)
    b_unit = b / torch.linalg.vector_norm(b, dim=1, keepdim=True).clamp_min(eps)
    return a_unit @ b_unit.T
