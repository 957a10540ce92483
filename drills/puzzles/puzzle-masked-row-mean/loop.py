import torch


def puzzle_masked_row_mean(x: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
    """The mean of each row over its masked elements, one element at a time.

    x: (B, D) float32.
    m: (B, D) bool, True for the elements that count.
    Returns (B,) float32: the mean of x[i, j] over the j with m[i, j], or 0.0 if there are none.
    """
    out = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
    for i in range(x.shape[0]):
        total, count = 0.0, 0
        for j in range(x.shape[1]):
            if m[i, j]:
                total = total + x[i, j]
                count += 1
        if count > 0:
            out[i] = total / count
    return out
