import torch


def conv_unfold_matmul(x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    """2-D convolution (cross-correlation, stride 1, no padding), without
    a Python loop and without conv2d.

    x: (B, C, H, W) float32, a batch of C-channel images.
    weight: (O, C, KH, KW) float32, O filters, KH <= H and KW <= W.
    Returns (B, O, H - KH + 1, W - KW + 1) float32:
    out[b, o, i, j] = sum over c, u, v of
        x[b, c, i + u, j + v] * weight[o, c, u, v].
    """
    # TODO: lay every window out as a column, then apply all filters with
    # one matmul.
    raise NotImplementedError("write conv_unfold_matmul")
