import math

import torch


def attention_scores(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    """Scaled dot-product attention weights, one query at a time.

    q: (B, H, L, Dh) float32, queries for B sequences, H heads, L positions, head size Dh.
    k: (B, H, L, Dh) float32, keys with the same layout.
    Returns (B, H, L, L) float32: out[b, h, i] = softmax over j of q[b, h, i] . k[b, h, j] / sqrt(Dh),
    so every row out[b, h, i, :] sums to 1.
    """
    batch, heads, length, head_dim = q.shape
    scale = 1.0 / math.sqrt(head_dim)
    out = torch.zeros(batch, heads, length, length, dtype=q.dtype, device=q.device)
    for b in range(batch):
        for h in range(heads):
            for i in range(length):
                scores = (k[b, h] @ q[b, h, i]) * scale
                out[b, h, i] = torch.softmax(scores, dim=0)
    return out
