import torch


def nan_to_zero_mean(x: torch.Tensor) -> torch.Tensor:
    """Select (not multiply) the present entries, sum per row, divide by the count clamped to 1."""
    present = ~torch.isnan(x)
    total = torch.where(present, x, 0.0).sum(dim=1)
    count = present.sum(dim=1).clamp_min(1)
    return total / count
