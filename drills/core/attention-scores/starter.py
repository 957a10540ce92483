import math

import torch


def attention_scores(q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    """Scaled dot-product attention weights for all batches, heads and queries at once.

    q: (B, H, L, Dh) float32, queries for B sequences, H heads, L positions, head size Dh.
    k: (B, H, L, Dh) float32, keys with the same layout.
    Returns (B, H, L, L) float32: out[b, h, i] = softmax over j of q[b, h, i] . k[b, h, j] / sqrt(Dh),
    so every row out[b, h, i, :] sums to 1.
    """
    # TODO: one batched product for every score, then one softmax over the last dimension.
    raise NotImplementedError("write attention_scores")
