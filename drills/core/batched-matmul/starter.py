import torch


def batched_matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Multiply B pairs of small matrices in one call.

    a: (B, N, K) float32, B matrices of shape (N, K).
    b: (B, K, M) float32, B matrices of shape (K, M).
    Returns (B, N, M) float32 with out[i] = a[i] @ b[i].
    """
    # TODO: one batched matrix product instead of B separate ones.
    raise NotImplementedError("write batched_matmul")
