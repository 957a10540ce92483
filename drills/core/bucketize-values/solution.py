import torch


def bucketize_values(values: torch.Tensor, boundaries: torch.Tensor) -> torch.Tensor:
    """Binary search of every value; right=False puts a value equal to boundaries[j] in bucket j."""
    return torch.bucketize(values, boundaries, right=False)
