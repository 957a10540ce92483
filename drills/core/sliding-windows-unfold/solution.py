import torch


def sliding_windows_unfold(x: torch.Tensor, window: int, stride: int) -> torch.Tensor:
    """unfold gives a (B, N, window) view of x without copying; mean reduces each window."""
    return x.unfold(1, window, stride).mean(dim=2)
