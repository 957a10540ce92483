import torch


def causal_mask(scores: torch.Tensor) -> torch.Tensor:
    """Hide the future in attention scores, one query position at a time.

    scores: (B, L, L) float32, scores[b, i, j] = how much query position i attends to key position j.
    Returns (B, L, L) float32: a copy of scores with every entry j > i (a key after the query)
    set to -inf, so a softmax over j gives those keys exactly zero weight. The hidden entries are
    overwritten, not added to, so their gradient with respect to scores is 0.
    """
    B, L, _ = scores.shape
    out = scores.clone()
    for i in range(L):
        out[:, i, i + 1:] = float("-inf")                # every batch at once
    return out
