import torch


def piecewise_where(x: torch.Tensor) -> torch.Tensor:
    """Hard-swish activation without a Python loop.

    x: (R, C) float32, any values.
    Returns (R, C) float32 with, element by element,
        0                  where x <= -3,
        x * (x + 3) / 6    where -3 < x < 3,
        x                  where x >= 3.
    """
    # TODO: express the three branches with masks and torch.where.
    raise NotImplementedError("write piecewise_where")
