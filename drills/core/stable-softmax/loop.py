import torch


def stable_softmax(logits: torch.Tensor) -> torch.Tensor:
    """Row-wise softmax that cannot overflow, one element at a time.

    logits: (B, C) float32, C >= 1; entries can be large (|x| of 100 or more).
    Returns (B, C) float32: out[i, j] = exp(logits[i, j] - m_i) / sum_k exp(logits[i, k] - m_i),
    where m_i is the largest entry of row i. Every row sums to 1.
    """
    B, C = logits.shape
    out = torch.empty(B, C, dtype=logits.dtype, device=logits.device)
    for i in range(B):
        row = logits[i]
        m = row[0]
        for j in range(1, C):
            if row[j] > m:
                m = row[j]
        exps = []
        total = 0.0
        for j in range(C):
            e = torch.exp(row[j] - m)
            exps.append(e)
            total = total + e
        for j in range(C):
            out[i, j] = exps[j] / total
    return out
