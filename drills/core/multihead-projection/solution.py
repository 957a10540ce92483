import torch


def multihead_projection(x: torch.Tensor, W: torch.Tensor) -> torch.Tensor:
    """Split the last dimension into (H, D); h is shared by both einsum operands, d is summed."""
    batch, positions, width = x.shape
    heads, d, _ = W.shape
    projected = torch.einsum("bthd,hde->bthe", x.reshape(batch, positions, heads, d), W)
    return projected.reshape(batch, positions, width)
