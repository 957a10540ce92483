import torch


def kernel(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """A rational quadratic kernel (alpha = 2) of two (D,) vectors: (1 + |a - b|^2 / 4) ** -2."""
    diff = a - b
    return (1 + (diff * diff).sum() / 4) ** -2


def vmap_nested_kernel(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """The kernel between every row of x and every row of y, without a Python loop.

    x: (N, D) float32, N points.
    y: (M, D) float32, M points.
    Returns (N, M) float32 with out[i, j] = kernel(x[i], y[j]).
    """
    # TODO: map kernel over the rows of y, then map that over the rows of x (torch.vmap twice).
    raise NotImplementedError("write vmap_nested_kernel")
