import torch


def causal_mask(scores: torch.Tensor) -> torch.Tensor:
    """An (L, L) strictly-upper-triangular bool mask broadcasts over B; masked_fill returns a new tensor."""
    L = scores.shape[-1]
    future = torch.triu(torch.ones(L, L, dtype=torch.bool, device=scores.device), diagonal=1)
    return scores.masked_fill(future, float("-inf"))
