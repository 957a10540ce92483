import torch


def bucketize_values(values: torch.Tensor, boundaries: torch.Tensor) -> torch.Tensor:
    """Bucket index of every value, by scanning the sorted boundaries.

    values: (N,) float32; some values are exactly equal to a boundary.
    boundaries: (K,) float32, strictly increasing.
    Returns (N,) int64: out[n] = number of boundaries strictly smaller than values[n], i.e. the j
    with boundaries[j - 1] < values[n] <= boundaries[j]. A value equal to a boundary goes to the
    bucket that ends at it; values above the last boundary get K.
    """
    N = values.shape[0]
    K = boundaries.shape[0]
    out = torch.empty(N, dtype=torch.int64, device=values.device)
    for n in range(N):
        v = values[n]
        j = 0
        while j < K and boundaries[j] < v:
            j += 1
        out[n] = j
    return out


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """Sorted random boundaries; every fourth value is a copy of one of them, so ties are tested."""
    N, K = size["N"], size["K"]
    boundaries = torch.sort(torch.randn(K, generator=gen)).values
    values = torch.randn(N, generator=gen) * 1.5
    if K > 0:
        picks = torch.randint(0, K, (values[::4].shape[0],), generator=gen)
        values[::4] = boundaries[picks]
    return {"values": values, "boundaries": boundaries}
