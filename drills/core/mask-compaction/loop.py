import torch


def mask_compaction(x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    """Pack the kept rows of x to the top of a same-sized output, one row
    at a time.

    x: (N, D) float32.
    keep: (N,) bool, True for the rows to keep.
    Returns (N, D) float32: rows 0 .. M-1 are the kept rows of x in their
    original order (M = number of True in keep), rows M .. N-1 are zeros.
    """
    N = x.shape[0]
    out = torch.zeros(N, x.shape[1], dtype=x.dtype, device=x.device)
    j = 0
    for i in range(N):
        if keep[i]:
            out[j] = x[i]
            j += 1
    return out
