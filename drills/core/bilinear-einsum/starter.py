import torch


def bilinear_einsum(x1: torch.Tensor, W: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
    """A bilinear form per sample and output feature, without a Python loop.

    x1: (B, I) float32, the first input of each sample.
    W: (O, I, J) float32, one (I, J) matrix per output feature.
    x2: (B, J) float32, the second input of each sample.
    Returns (B, O) float32 with out[b, o] = x1[b] @ W[o] @ x2[b]
    (the sum over i and j of x1[b, i] * W[o, i, j] * x2[b, j]).
    """
    # TODO: name every index of the sum and let one einsum contract i and j.
    raise NotImplementedError("write bilinear_einsum")
