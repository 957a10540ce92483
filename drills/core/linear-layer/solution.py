import torch


def linear_layer(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """One (N, D) @ (D, O) matrix product; the (O,) bias broadcasts over the N rows."""
    return x @ w + b
