import torch


def kernel(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """A rational quadratic kernel (alpha = 2) of two (D,) vectors: (1 + |a - b|^2 / 4) ** -2."""
    diff = a - b
    return (1 + (diff * diff).sum() / 4) ** -2


def vmap_nested_kernel(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """The inner vmap maps over y's rows with a fixed a; the outer maps that over x's rows."""
    one_against_all = torch.vmap(kernel, in_dims=(None, 0))  # (D,), (M, D) -> (M,)
    return torch.vmap(one_against_all, in_dims=(0, None))(x, y)  # (N, D), (M, D) -> (N, M)
