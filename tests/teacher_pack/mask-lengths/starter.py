import torch


def mask_lengths(lengths: torch.Tensor, t: int) -> torch.Tensor:
    """lengths (B,) int64 in [0, t]; returns (B, t) bool, True before each row's length."""
    raise NotImplementedError("write mask_lengths")
