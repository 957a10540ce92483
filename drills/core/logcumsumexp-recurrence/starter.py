import torch


def logcumsumexp_recurrence(x: torch.Tensor) -> torch.Tensor:
    """Running log-sum-exp along each row, without a Python loop.

    x: (B, T) float32 log-values; entries can be large in magnitude (|x| of 100 or more).
    Returns (B, T) float32: out[b, t] = log(exp(x[b, 0]) + ... + exp(x[b, t])), computed without
    overflow: out[b, 0] = x[b, 0] and out[b, t] = logaddexp(out[b, t - 1], x[b, t]).
    """
    # TODO: one scan along dim 1 that works in log space.
    raise NotImplementedError("write logcumsumexp_recurrence")
