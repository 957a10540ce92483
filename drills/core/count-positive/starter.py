import torch


def count_positive(x: torch.Tensor) -> torch.Tensor:
    """Count the positive entries of x without a Python loop (and without .item()).

    x: (N,) float32, any values.
    Returns a 0-dim int64 tensor on x's device: the number of i with x[i] > 0.
    """
    # TODO: one comparison and one reduction, staying on x's device.
    raise NotImplementedError("write count_positive")
