import torch


def one_hot(labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    """Scatter 1.0 into column labels[i] of each zero row, in one call."""
    out = torch.zeros(labels.shape[0], num_classes, dtype=torch.float32, device=labels.device)
    return out.scatter_(1, labels.unsqueeze(1), 1.0)
