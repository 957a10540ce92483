import torch


def puzzle_bucketize(v: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """The bucket of every value, by walking the sorted boundaries.

    v: (N,) float32, the values.
    b: (K,) float32, boundaries in increasing order.
    Returns (N,) int64 with out[i] = the first k with v[i] <= b[k] (K if
    there is none), as torch.bucketize(v, b) returns.
    """
    out = torch.zeros(v.shape[0], dtype=torch.int64, device=v.device)
    for i in range(v.shape[0]):
        k = 0
        while k < b.shape[0] and b[k] < v[i]:
            k += 1
        out[i] = k
    return out


def make_inputs(
    size: dict[str, int], gen: torch.Generator
) -> dict[str, object]:
    """Whole-number values and distinct sorted boundaries on the same small
    range, so that many values fall exactly on a boundary."""
    n, k = size["N"], size["K"]
    top = 2 * k + 2
    b = torch.randperm(top, generator=gen)[:k].sort().values
    v = torch.randint(-1, top + 1, (n,), generator=gen)
    return {"v": v.to(torch.float32), "b": b.to(torch.float32)}
