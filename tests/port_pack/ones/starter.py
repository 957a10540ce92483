import torch


def ones(i: int) -> torch.Tensor:
    """Returns (i,) int64 ones."""
    raise NotImplementedError("write ones")
