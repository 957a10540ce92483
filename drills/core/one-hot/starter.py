import torch


def one_hot(labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    """One-hot encode class labels without a Python loop (torch.nn.functional.one_hot is banned).

    labels: (N,) int64, class indices in [0, num_classes).
    num_classes: Python int C, the number of classes.
    Returns (N, C) float32 on labels' device: row i is 1.0 in column labels[i] and 0.0 elsewhere.
    """
    # TODO: write all the ones at once (scatter) or compare against the class indices (broadcasting).
    raise NotImplementedError("write one_hot")
