import torch


def gather_logits(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    """Pick each row's target logit, one row at a time.

    logits: (B, C) float32, one row of class scores per sample.
    targets: (B,) int64, the target class of each sample, in [0, C).
    Returns (B,) float32 with out[i] = logits[i, targets[i]].
    """
    out = torch.zeros(logits.shape[0], dtype=logits.dtype, device=logits.device)
    for i in range(logits.shape[0]):
        out[i] = logits[i, targets[i]]
    return out
