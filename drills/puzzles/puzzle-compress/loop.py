import torch


def puzzle_compress(v: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
    """Move the kept values to the front, in order, one element at a time.

    v: (N,) float32, the values.
    m: (N,) bool, True for the values to keep.
    Returns (N,) float32: the kept values first, in their order, then 0.0
    (a fixed shape, whatever the number of True).
    """
    out = torch.zeros_like(v)
    slot = 0
    for i in range(v.shape[0]):
        if m[i]:
            out[slot] = v[i]
            slot += 1
    return out
