import torch


def bilinear_einsum(x1: torch.Tensor, W: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
    """A bilinear form per sample and output feature, one (b, o) pair at a time.

    x1: (B, I) float32, the first input of each sample.
    W: (O, I, J) float32, one (I, J) matrix per output feature.
    x2: (B, J) float32, the second input of each sample.
    Returns (B, O) float32 with out[b, o] = x1[b] @ W[o] @ x2[b]
    (the sum over i and j of x1[b, i] * W[o, i, j] * x2[b, j]).
    """
    out = torch.empty(x1.shape[0], W.shape[0], dtype=x1.dtype, device=x1.device)
    for b in range(x1.shape[0]):
        for o in range(W.shape[0]):
            out[b, o] = x1[b] @ W[o] @ x2[b]
    return out
