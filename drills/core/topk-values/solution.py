import torch


def topk_values(scores: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    """torch.topk along the columns, largest first; its two results are the drill's tuple."""
    top = torch.topk(scores, k, dim=1, largest=True, sorted=True)
    return top.values, top.indices
