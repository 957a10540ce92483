import torch


def puzzle_bincount(a: torch.Tensor, w: torch.Tensor, j: int) -> torch.Tensor:
    """Add every weight into the bin its index names, one element at a time.

    a: (N,) int64, bin numbers in [0, j) (a number outside adds nothing).
    w: (N,) float32, the weights (all ones: the plain count).
    j: the number of bins, a Python int.
    Returns (J,) float32 with out[k] = the sum of w[i] over the i with
    a[i] == k.
    """
    out = torch.zeros(j, dtype=w.dtype, device=w.device)
    for i in range(a.shape[0]):
        if 0 <= a[i] < j:
            out[a[i]] += w[i]
    return out
