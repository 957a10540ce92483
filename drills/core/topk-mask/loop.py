import torch


def topk_mask(scores: torch.Tensor, k: int) -> torch.Tensor:
    """Mark each row's k largest scores, one row at a time.

    scores: (B, C) float32, distinct values within a row.
    k: Python int, 0 <= k <= C.
    Returns (B, C) bool: True exactly at the k largest entries of each row.
    """
    B, C = scores.shape
    mask = torch.zeros(B, C, dtype=torch.bool, device=scores.device)
    for i in range(B):
        mask[i, torch.topk(scores[i], k).indices] = True
    return mask
