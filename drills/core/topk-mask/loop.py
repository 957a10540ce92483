import torch


def topk_mask(scores: torch.Tensor, k: int) -> torch.Tensor:
    """Mark each row's k largest scores, picking them one at a time.

    scores: (B, C) float32, distinct values within a row.
    k: Python int, 0 <= k <= C.
    Returns (B, C) bool: True exactly at the k largest entries of each row.
    """
    B, C = scores.shape
    mask = torch.zeros(B, C, dtype=torch.bool, device=scores.device)
    for i in range(B):
        row = scores[i].clone()
        for _ in range(k):
            j = int(torch.argmax(row))
            mask[i, j] = True
            row[j] = float("-inf")
    return mask
