import torch


def cumprod_survival(hazard: torch.Tensor) -> torch.Tensor:
    """Per-step survival factors 1 - h, multiplied up along the time axis in one scan."""
    return torch.cumprod(1 - hazard, dim=1)
