import torch


def relu_where(x: torch.Tensor) -> torch.Tensor:
    """ReLU without a Python loop.

    x: (R, C) float32, any values.
    Returns (R, C) float32: x where x > 0, otherwise 0.
    """
    # TODO: replace this with one vectorized expression.
    raise NotImplementedError("write relu_where")
