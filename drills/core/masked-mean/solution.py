import torch


def masked_mean(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Sum the valid steps (padding replaced by 0), divide by the valid count clamped to at least 1."""
    keep = mask.unsqueeze(-1)                                  # (B, T, 1), broadcasts over D
    total = torch.where(keep, x, 0.0).sum(dim=1)               # (B, D)
    count = mask.sum(dim=1, keepdim=True).clamp_min(1)         # (B, 1) int64
    return total / count
