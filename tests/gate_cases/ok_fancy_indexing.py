# expect: ok
# function: gather_logits
import torch


def gather_logits(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    rows = torch.arange(len(logits), device=logits.device)
    return logits[rows, targets]
