import torch


def gumbel_max_sampling(
    logits: torch.Tensor, u: torch.Tensor, temperature: float
) -> torch.Tensor:
    """Gumbel noise for the whole (B, C) tensor, then one argmax per row."""
    gumbel = -torch.log(-torch.log(u))
    return torch.argmax(logits / temperature + gumbel, dim=1)
