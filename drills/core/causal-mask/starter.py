import torch


def causal_mask(scores: torch.Tensor) -> torch.Tensor:
    """Hide the future in attention scores, without a Python loop.

    scores: (B, L, L) float32, scores[b, i, j] = how much query position i attends to key position j.
    Returns (B, L, L) float32: a copy of scores with every entry j > i (a key after the query)
    set to -inf, so a softmax over j gives those keys exactly zero weight. The hidden entries are
    overwritten, not added to, so their gradient with respect to scores is 0.
    """
    # TODO: build an (L, L) boolean mask of the positions to hide, then fill them for every batch entry.
    raise NotImplementedError("write causal_mask")
