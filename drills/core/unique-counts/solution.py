import torch


def unique_counts(x: torch.Tensor) -> torch.Tensor:
    """unique's inverse maps each position to its distinct value; indexing the counts with it
    hands every position its own value's count."""
    _, inverse, counts = torch.unique(x, return_inverse=True, return_counts=True)
    return counts[inverse]
