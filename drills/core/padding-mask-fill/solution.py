import torch


def padding_mask_fill(scores: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """A (T,) row of positions against a (B, 1) column of lengths broadcasts to the (B, T) mask."""
    positions = torch.arange(scores.shape[1], device=scores.device)
    padded = positions >= lengths.unsqueeze(1)
    return scores.masked_fill(padded, float("-inf"))
