import torch


def scatter_sum(values: torch.Tensor, labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    """Sum the rows of values per label, one row at a time.

    values: (N, D) float32, one feature row per sample.
    labels: (N,) int64, the class of each sample, in [0, num_classes).
    num_classes: Python int K, the number of classes.
    Returns (K, D) float32: row k is the sum of the rows of values labelled k
    (a row of zeros for a label that never occurs).
    """
    out = torch.zeros(num_classes, values.shape[1], dtype=values.dtype, device=values.device)
    for i in range(values.shape[0]):
        out[labels[i]] += values[i]
    return out
