import torch


def masked_mean(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Average each sequence over its valid time steps only, one step at a time.

    x: (B, T, D) float32, a batch of padded sequences of feature vectors.
    mask: (B, T) bool, True where x[b, t] is a real step, False where it is padding.
    Returns (B, D) float32: the mean of x[b, t] over the t with mask[b, t] True;
    a sequence with no valid step gives a row of zeros.
    """
    B, T, D = x.shape
    out = torch.empty(B, D, dtype=x.dtype, device=x.device)
    for b in range(B):
        total = torch.zeros(D, dtype=x.dtype, device=x.device)
        count = 0
        for t in range(T):
            if mask[b, t]:
                total = total + x[b, t]
                count += 1
        out[b] = total / max(count, 1)
    return out


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """Padding masks: sequence b is valid for its first lengths[b] steps.

    The first sequence has full length and, when B > 1, the last one is empty (a batch padded up to
    a fixed size), so every check sees both extremes.
    """
    B, T = size["B"], size["T"]
    lengths = torch.randint(0, T + 1, (B,), generator=gen)
    lengths[0] = T
    if B > 1:
        lengths[-1] = 0
    mask = torch.arange(T).unsqueeze(0) < lengths.unsqueeze(1)
    return {"mask": mask}
