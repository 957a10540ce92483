import torch


def conv_unfold_matmul(x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    """im2col: every window becomes a column of length C*KH*KW; one matmul
    applies all filters to all windows."""
    B, C, H, W = x.shape
    O, _, KH, KW = weight.shape
    cols = torch.nn.functional.unfold(x, (KH, KW))    # (B, C*KH*KW, Ho*Wo)
    out = weight.reshape(O, -1) @ cols                 # (B, O, Ho*Wo)
    return out.reshape(B, O, H - KH + 1, W - KW + 1)
