import torch


def logsumexp(x: torch.Tensor) -> torch.Tensor:
    """Row-wise log(sum(exp(x))) without overflow, one element at a time.

    x: (B, C) float32, C >= 1; entries can be large in magnitude (|x| of 100 or more).
    Returns (B,) float32: out[i] = m_i + log(sum_j exp(x[i, j] - m_i)), where m_i = max_j x[i, j].
    """
    B, C = x.shape
    out = torch.empty(B, dtype=x.dtype, device=x.device)
    for i in range(B):
        m = x[i, 0]
        for j in range(1, C):
            if x[i, j] > m:
                m = x[i, j]
        total = 0.0
        for j in range(C):
            total = total + torch.exp(x[i, j] - m)
        out[i] = m + torch.log(total)
    return out
