import torch


def padding_mask_fill(scores: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Hide the padding of every sequence in a batch of scores, one row at a time.

    scores: (B, T) float32, one score per position of B sequences padded to length T.
    lengths: (B,) int64, the real length of each sequence, each in [0, T].
    Returns (B, T) float32: a copy of scores with out[b, t] = -inf for every t >= lengths[b].
    The padded entries are overwritten, so their gradient with respect to scores is 0.
    """
    out = scores.clone()
    for b in range(scores.shape[0]):
        n = int(lengths[b])
        out[b, n:] = float("-inf")
    return out


def make_inputs(size: dict, gen: torch.Generator) -> dict:
    """Lengths anywhere in [0, T], so rows may be all real, all padding, or in between."""
    lengths = torch.randint(0, size["T"] + 1, (size["B"],), generator=gen)
    return {"lengths": lengths}
