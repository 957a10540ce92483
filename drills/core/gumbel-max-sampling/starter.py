import torch


def gumbel_max_sampling(
    logits: torch.Tensor, u: torch.Tensor, temperature: float
) -> torch.Tensor:
    """Draw one class per row from softmax(logits / temperature), all at once.

    logits: (B, C) float32, unnormalised class scores, C >= 1.
    u: (B, C) float32, uniform noise in (0, 1), one value per logit (an
       input so that the sample is reproducible; a sampler would use
       torch.rand_like(logits)).
    temperature: Python float > 0.
    Returns (B,) int64 on logits' device:
    out[i] = argmax_j(logits[i, j] / temperature - log(-log(u[i, j]))).
    """
    # TODO: make all the Gumbel noise at once, then one argmax per row.
    raise NotImplementedError("write gumbel_max_sampling")
