import torch


def puzzle_abs_value(x: torch.Tensor) -> torch.Tensor:
    """The absolute value of every element, one element at a time.

    x: (N,) float32 (or any signed dtype: later puzzles call this on int64).
    Returns a tensor like x with out[i] = -x[i] if x[i] < 0 else x[i].
    """
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        out[i] = -x[i] if x[i] < 0 else x[i]
    return out
