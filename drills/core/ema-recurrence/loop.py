import torch


def ema_recurrence(u: torch.Tensor, a: float) -> torch.Tensor:
    """Exponential moving average of every row, one series and one step at a time.

    u: (B, T) float32, B series of T steps each.
    a: Python float in [0, 1), the decay (0.9 in this drill).
    Returns (B, T) float32 with x[b, t] = a * x[b, t - 1] + (1 - a) * u[b, t], starting from
    x[b, -1] = 0.
    """
    B, T = u.shape
    out = torch.empty(B, T, dtype=u.dtype, device=u.device)
    for b in range(B):
        x = torch.zeros((), dtype=u.dtype, device=u.device)
        for t in range(T):
            x = a * x + (1 - a) * u[b, t]
            out[b, t] = x
    return out
