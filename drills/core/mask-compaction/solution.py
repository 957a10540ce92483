import torch


def mask_compaction(x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    """Static shape: a running count gives each kept row its slot; dropped
    rows all go to a spare row that is cut off."""
    N = x.shape[0]
    slot = torch.cumsum(keep, dim=0) - 1         # (N,) int64, kept rows
    dest = torch.where(keep, slot, N)            # dropped rows -> row N
    out = x.new_zeros(N + 1, x.shape[1]).index_copy(0, dest, x)
    return out[:N]
