import torch


def conv_unfold_matmul(x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    """2-D convolution (cross-correlation, stride 1, no padding), one output
    pixel at a time.

    x: (B, C, H, W) float32, a batch of C-channel images.
    weight: (O, C, KH, KW) float32, O filters, KH <= H and KW <= W.
    Returns (B, O, H - KH + 1, W - KW + 1) float32:
    out[b, o, i, j] = sum over c, u, v of
        x[b, c, i + u, j + v] * weight[o, c, u, v].
    """
    B, C, H, W = x.shape
    O, _, KH, KW = weight.shape
    Ho, Wo = H - KH + 1, W - KW + 1
    out = torch.empty(B, O, Ho, Wo, dtype=x.dtype, device=x.device)
    for b in range(B):
        for o in range(O):
            for i in range(Ho):
                for j in range(Wo):
                    patch = x[b, :, i:i + KH, j:j + KW]      # (C, KH, KW)
                    out[b, o, i, j] = (patch * weight[o]).sum()
    return out
