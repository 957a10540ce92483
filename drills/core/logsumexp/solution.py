import torch


def logsumexp(x: torch.Tensor) -> torch.Tensor:
    """Shift each row by its maximum, sum the exponentials, and add the maximum back."""
    m = x.amax(dim=1, keepdim=True)
    return m.squeeze(1) + torch.log(torch.exp(x - m).sum(dim=1))
