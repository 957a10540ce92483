import torch


def puzzle_bucketize(v: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Sorted boundaries: the bucket is how many boundaries lie below v."""
    return puzzle_ones_sum(b < v[:, None])
