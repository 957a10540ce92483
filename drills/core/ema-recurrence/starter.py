import torch


def ema_recurrence(u: torch.Tensor, a: float) -> torch.Tensor:
    """Exponential moving average of every row; a Python loop over T is allowed, over B it is not.

    u: (B, T) float32, B series of T steps each.
    a: Python float in [0, 1), the decay (0.9 in this drill).
    Returns (B, T) float32 with x[b, t] = a * x[b, t - 1] + (1 - a) * u[b, t], starting from
    x[b, -1] = 0.
    """
    # TODO: keep one (B,) state and update it for every t, all series at once.
    raise NotImplementedError("write ema_recurrence")
