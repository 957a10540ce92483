# expect: ok
# function: gather_logits
import torch


def gather_logits(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    """One column per row, picked by an index tensor."""
    return torch.gather(logits, 1, targets.unsqueeze(1)).squeeze(1)
