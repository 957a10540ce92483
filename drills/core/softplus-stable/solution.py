import torch


def softplus_stable(x: torch.Tensor) -> torch.Tensor:
    """log(1 + exp(x)) = logaddexp(x, 0); logaddexp never exponentiates a positive number."""
    return torch.logaddexp(x, torch.zeros((), dtype=x.dtype, device=x.device))
