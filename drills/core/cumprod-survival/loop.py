import torch


def cumprod_survival(hazard: torch.Tensor) -> torch.Tensor:
    """Survival curves from per-step hazards, one step at a time.

    hazard: (B, T) float32, hazard[b, t] in [0, 1): the probability that subject b fails at step t,
    given that it survived every step before.
    Returns (B, T) float32: out[b, t] = (1 - hazard[b, 0]) * ... * (1 - hazard[b, t]),
    the probability that subject b survives up to and including step t.
    """
    B, T = hazard.shape
    out = torch.empty(B, T, dtype=hazard.dtype, device=hazard.device)
    for b in range(B):
        alive = torch.ones((), dtype=hazard.dtype, device=hazard.device)
        for t in range(T):
            alive = alive * (1 - hazard[b, t])
            out[b, t] = alive
    return out
