import torch


def inplace_autograd(x: torch.Tensor, cap: float) -> torch.Tensor:
    """Both branches out of place; exp only sees values <= cap, so no inf
    reaches the backward pass."""
    e = torch.exp(x.clamp(max=cap))        # finite everywhere, gradient too
    line = e * (1 + x - cap)               # e == exp(cap) where it is used
    return torch.where(x > cap, line, e)
