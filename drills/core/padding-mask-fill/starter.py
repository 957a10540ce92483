import torch


def padding_mask_fill(scores: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Hide the padding of every sequence in a batch of scores, without a Python loop.

    scores: (B, T) float32, one score per position of B sequences padded to length T.
    lengths: (B,) int64, the real length of each sequence, each in [0, T].
    Returns (B, T) float32: a copy of scores with out[b, t] = -inf for every t >= lengths[b].
    The padded entries are overwritten, so their gradient with respect to scores is 0.
    """
    # TODO: build the (B, T) padding mask by broadcasting, then fill it in one call.
    raise NotImplementedError("write padding_mask_fill")
