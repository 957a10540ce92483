import torch


def gumbel_max_sampling(
    logits: torch.Tensor, u: torch.Tensor, temperature: float
) -> torch.Tensor:
    """Draw one class per row from softmax(logits / temperature), row by row.

    logits: (B, C) float32, unnormalised class scores, C >= 1.
    u: (B, C) float32, uniform noise in (0, 1), one value per logit (an
       input so that the sample is reproducible; a sampler would use
       torch.rand_like(logits)).
    temperature: Python float > 0.
    Returns (B,) int64 on logits' device:
    out[i] = argmax_j(logits[i, j] / temperature - log(-log(u[i, j]))).
    """
    out = torch.empty(logits.shape[0], dtype=torch.int64, device=logits.device)
    for i in range(logits.shape[0]):
        gumbel = -torch.log(-torch.log(u[i]))  # Gumbel(0, 1) noise for row i
        out[i] = torch.argmax(logits[i] / temperature + gumbel)
    return out
