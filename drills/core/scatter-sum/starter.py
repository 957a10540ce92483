import torch


def scatter_sum(values: torch.Tensor, labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    """Sum the rows of values per label without a Python loop.

    values: (N, D) float32, one feature row per sample.
    labels: (N,) int64, the class of each sample, in [0, num_classes).
    num_classes: Python int K, the number of classes.
    Returns (K, D) float32: row k is the sum of the rows of values labelled k
    (a row of zeros for a label that never occurs).
    """
    # TODO: accumulate every row into its class in one call.
    raise NotImplementedError("write scatter_sum")
