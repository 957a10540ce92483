import torch


def gather_logits(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    """One gather along the class dimension: column targets[i] of row i."""
    return torch.gather(logits, 1, targets.unsqueeze(1)).squeeze(1)
