import torch


def count_positive(x: torch.Tensor) -> torch.Tensor:
    """Count the positive entries of x, reading one element at a time into Python.

    x: (N,) float32, any values.
    Returns a 0-dim int64 tensor on x's device: the number of i with x[i] > 0.
    """
    count = 0
    for i in range(x.shape[0]):
        if x[i].item() > 0:
            count += 1
    return torch.tensor(count, dtype=torch.int64, device=x.device)
