import torch


def one_hot(labels: torch.Tensor, num_classes: int) -> torch.Tensor:
    """One-hot encode class labels, one row at a time.

    labels: (N,) int64, class indices in [0, num_classes).
    num_classes: Python int C, the number of classes.
    Returns (N, C) float32 on labels' device: row i is 1.0 in column labels[i] and 0.0 elsewhere.
    """
    out = torch.zeros(labels.shape[0], num_classes, dtype=torch.float32, device=labels.device)
    for i in range(labels.shape[0]):
        out[i, labels[i]] = 1.0
    return out
