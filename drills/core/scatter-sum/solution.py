import torch


def scatter_sum(values: torch.Tensor, labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    """Add every row of values into row labels[i] of a zero (K, D) tensor, in one index_add."""
    out = torch.zeros(num_classes, values.shape[1], dtype=values.dtype, device=values.device)
    return out.index_add(0, labels, values)
