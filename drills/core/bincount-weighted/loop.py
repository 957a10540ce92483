import torch


def bincount_weighted(labels: torch.Tensor, weights: torch.Tensor, num_classes: int) -> torch.Tensor:
    """Sum the weights per class, one element at a time.

    labels: (N,) int64, the class of each element, in [0, num_classes).
    weights: (N,) float32, the amount each element brings (e.g. a sample weight).
    num_classes: Python int K.
    Returns (K,) float32: out[c] = sum of weights[i] over the i with labels[i] == c
    (0 for a class that never occurs).
    """
    out = torch.zeros(num_classes, dtype=weights.dtype, device=weights.device)
    for i in range(labels.shape[0]):
        out[labels[i]] += weights[i]
    return out
