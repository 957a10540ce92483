import torch


def nan_to_zero_mean(x: torch.Tensor) -> torch.Tensor:
    """Mean of each row over its non-NaN entries, one element at a time.

    x: (B, C) float32 with NaNs marking missing entries.
    Returns (B,) float32: the mean of the entries of row i that are not NaN; a row with no such
    entry gives 0 (not NaN).
    """
    B, C = x.shape
    out = torch.empty(B, dtype=x.dtype, device=x.device)
    for i in range(B):
        total = torch.zeros((), dtype=x.dtype, device=x.device)
        count = 0
        for j in range(C):
            v = x[i, j]
            if not torch.isnan(v):
                total = total + v
                count += 1
        out[i] = total / count if count > 0 else 0.0
    return out


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """About 30 % missing entries; x[0, 0] is always present and, when B > 1, the last row is all NaN."""
    B, C = size["B"], size["C"]
    x = torch.randn(B, C, generator=gen)
    missing = torch.rand(B, C, generator=gen) < 0.3
    missing[0, 0] = False
    if B > 1:
        missing[-1] = True
    x[missing] = float("nan")
    return {"x": x}
