import torch


def stable_softmax(logits: torch.Tensor) -> torch.Tensor:
    """Row-wise softmax that cannot overflow, one row at a time.

    logits: (B, C) float32, C >= 1; entries can be large (|x| of 100 or more).
    Returns (B, C) float32: out[i, j] = exp(logits[i, j] - m_i) / sum_k exp(logits[i, k] - m_i),
    where m_i is the largest entry of row i. Every row sums to 1.
    """
    B, C = logits.shape
    out = torch.empty(B, C, dtype=logits.dtype, device=logits.device)
    for i in range(B):
        e = torch.exp(logits[i] - logits[i].max())
        out[i] = e / e.sum()
    return out
