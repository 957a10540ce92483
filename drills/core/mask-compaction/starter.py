import torch


def mask_compaction(x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    """Pack the kept rows of x to the top of a same-sized output, without
    a Python loop.

    x: (N, D) float32.
    keep: (N,) bool, True for the rows to keep.
    Returns (N, D) float32: rows 0 .. M-1 are the kept rows of x in their
    original order (M = number of True in keep), rows M .. N-1 are zeros.
    """
    # TODO: work out where each kept row goes, then move all rows at once.
    raise NotImplementedError("write mask_compaction")
