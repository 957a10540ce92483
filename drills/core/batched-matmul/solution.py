import torch


def batched_matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """One batched matrix multiply: the leading dimension is the batch."""
    return torch.bmm(a, b)
