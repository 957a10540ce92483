import torch


def nonzero_coords(x: torch.Tensor, threshold: float) -> torch.Tensor:
    """List the coordinates of the entries above a threshold, without a Python loop.

    x: (H, W) float32, e.g. a score map.
    threshold: Python float.
    Returns (K, 2) int64 on x's device: one row (i, j) for every x[i, j] > threshold,
    in row-major order (by i, then by j). K is the number of such entries.
    """
    # TODO: make a boolean mask, then list where it is True.
    raise NotImplementedError("write nonzero_coords")
