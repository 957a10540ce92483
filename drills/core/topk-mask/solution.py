import torch


def topk_mask(scores: torch.Tensor, k: int) -> torch.Tensor:
    """topk gives (B, k) int64 column indices; scatter_ writes True at those columns of a False mask."""
    idx = torch.topk(scores, k, dim=1).indices
    mask = torch.zeros(scores.shape, dtype=torch.bool, device=scores.device)
    return mask.scatter_(1, idx, True)
