import torch


def forward_fill(values: torch.Tensor, missing: torch.Tensor) -> torch.Tensor:
    """Fill each missing entry with the last observed value of its row,
    without a Python loop.

    values: (B, T) float32; where missing is True the value is not to be
        used.
    missing: (B, T) bool, True where the entry is missing.
    Returns (B, T) float32: out[b, t] = values[b, s] for the largest s <= t
    with missing[b, s] False; 0 where the row has no observed value up to t.
    """
    # TODO: find, for every position, where the last observation was; then
    # read it.
    raise NotImplementedError("write forward_fill")
