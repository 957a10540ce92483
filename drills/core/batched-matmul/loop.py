import torch


def batched_matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Multiply B pairs of small matrices, one pair at a time.

    a: (B, N, K) float32, B matrices of shape (N, K).
    b: (B, K, M) float32, B matrices of shape (K, M).
    Returns (B, N, M) float32 with out[i] = a[i] @ b[i].
    """
    products = []
    for i in range(a.shape[0]):
        products.append(a[i] @ b[i])
    return torch.stack(products)
