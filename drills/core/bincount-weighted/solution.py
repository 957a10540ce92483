import torch


def bincount_weighted(labels: torch.Tensor, weights: torch.Tensor, num_classes: int) -> torch.Tensor:
    """A weighted bincount; minlength keeps the classes above the largest label that occurs.

    The cast is a no-op for non-empty input; with N = 0, bincount returns int64 zeros even when
    weights are float.
    """
    return torch.bincount(labels, weights=weights, minlength=num_classes).to(weights.dtype)
