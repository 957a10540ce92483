import torch


def unfold_patches(images: torch.Tensor, k: int) -> torch.Tensor:
    """Two unfolds give a (B, C, rows, cols, k, k) view; one permute and one reshape (a copy) finish."""
    B, C = images.shape[:2]
    grid = images.unfold(2, k, k).unfold(3, k, k)  # (B, C, rows, cols, k, k), no copy yet
    rows, cols = grid.shape[2], grid.shape[3]
    return grid.permute(0, 2, 3, 1, 4, 5).reshape(B, rows * cols, C * k * k)
