import torch


def logcumsumexp_recurrence(x: torch.Tensor) -> torch.Tensor:
    """logaddexp is associative, so the recurrence is a scan: torch.logcumsumexp does it stably."""
    return torch.logcumsumexp(x, dim=1)
