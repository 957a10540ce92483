import torch


def ema_recurrence(u: torch.Tensor, a: float) -> torch.Tensor:
    """The recurrence stays a loop over T; each step updates all B series at once."""
    B, T = u.shape
    out = torch.empty(B, T, dtype=u.dtype, device=u.device)
    x = torch.zeros(B, dtype=u.dtype, device=u.device)
    for t in range(T):
        x = a * x + (1 - a) * u[:, t]
        out[:, t] = x
    return out
