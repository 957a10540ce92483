import torch


def masked_mean(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Average each sequence over its valid time steps only, without a Python loop.

    x: (B, T, D) float32, a batch of padded sequences of feature vectors.
    mask: (B, T) bool, True where x[b, t] is a real step, False where it is padding.
    Returns (B, D) float32: the mean of x[b, t] over the t with mask[b, t] True;
    a sequence with no valid step gives a row of zeros.
    """
    # TODO: zero out the padding, sum over time, and divide by the number of valid steps.
    raise NotImplementedError("write masked_mean")
