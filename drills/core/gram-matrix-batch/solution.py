import torch


def gram_matrix_batch(x: torch.Tensor) -> torch.Tensor:
    """One bmm of x with a transposed view of itself; the first dimension is the batch."""
    return torch.bmm(x, x.transpose(1, 2))
