import torch


def logcumsumexp_recurrence(x: torch.Tensor) -> torch.Tensor:
    """Running log-sum-exp along each row, by the recurrence a_t = logaddexp(a_(t-1), x_t).

    x: (B, T) float32 log-values; entries can be large in magnitude (|x| of 100 or more).
    Returns (B, T) float32: out[b, t] = log(exp(x[b, 0]) + ... + exp(x[b, t])), computed without
    overflow: out[b, 0] = x[b, 0] and out[b, t] = logaddexp(out[b, t - 1], x[b, t]).
    """
    B, T = x.shape
    out = torch.empty(B, T, dtype=x.dtype, device=x.device)
    for b in range(B):
        acc = torch.tensor(float("-inf"), dtype=x.dtype, device=x.device)
        for t in range(T):
            acc = torch.logaddexp(acc, x[b, t])
            out[b, t] = acc
    return out
