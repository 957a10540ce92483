import torch


def puzzle_pad_to(a: torch.Tensor, i: int, j: int) -> torch.Tensor:
    """Cut a to length j, or pad it with zeros up to j, one element at a time.

    a: (I,) float32.
    i: the length of a, a Python int; j: the length of the result.
    Returns (J,) float32 with out[k] = a[k] for k < min(i, j) and 0.0 after.
    """
    out = torch.zeros(j, dtype=a.dtype, device=a.device)
    for k in range(min(i, j)):
        out[k] = a[k]
    return out
