import torch


def cumprod_survival(hazard: torch.Tensor) -> torch.Tensor:
    """Survival curves from per-step hazards, without a Python loop.

    hazard: (B, T) float32, hazard[b, t] in [0, 1): the probability that subject b fails at step t,
    given that it survived every step before.
    Returns (B, T) float32: out[b, t] = (1 - hazard[b, 0]) * ... * (1 - hazard[b, t]),
    the probability that subject b survives up to and including step t.
    """
    # TODO: turn the hazards into per-step survival factors, then take a running product along dim 1.
    raise NotImplementedError("write cumprod_survival")
