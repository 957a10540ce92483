import torch


def running_max(x: torch.Tensor) -> torch.Tensor:
    """Largest value seen so far along each row, without a Python loop.

    x: (B, T) float32, T >= 1.
    Returns (B, T) float32: out[i, t] = max(x[i, 0], ..., x[i, t]).
    """
    # TODO: a running maximum is a scan, like a running sum.
    raise NotImplementedError("write running_max")
