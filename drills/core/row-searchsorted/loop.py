import torch


def row_searchsorted(
    xs: torch.Tensor, ys: torch.Tensor, queries: torch.Tensor
) -> torch.Tensor:
    """Piecewise-linear interpolation of each row's own table, one row at
    a time.

    xs: (B, M) float32, M >= 2, each row strictly increasing (the knots of
        row b).
    ys: (B, M) float32, the values at those knots.
    queries: (B, Q) float32, points at which to evaluate row b's function
        (any order, may lie outside [xs[b, 0], xs[b, -1]]).
    Returns (B, Q) float32: numpy.interp(queries[b], xs[b], ys[b]) for
    every row b: linear between neighbouring knots, ys[b, 0] left of the
    first knot, ys[b, -1] right of the last.
    """
    B, M = xs.shape
    out = torch.empty_like(queries)
    for b in range(B):
        q = queries[b]
        i = torch.searchsorted(xs[b], q, right=True).clamp(1, M - 1)
        x0, x1 = xs[b, i - 1], xs[b, i]
        y0, y1 = ys[b, i - 1], ys[b, i]
        t = ((q - x0) / (x1 - x0)).clamp(0, 1)
        out[b] = y0 + t * (y1 - y0)
    return out


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict:
    """Strictly increasing knots (gaps in [0.1, 1.1)); queries from a little
    left of the first knot to a little right of the last, about a quarter
    of them exactly on a knot."""
    B, M, Q = size["B"], size["M"], size["Q"]
    start = torch.randn(B, 1, generator=gen) * 3
    gaps = torch.rand(B, M, generator=gen) + 0.1
    xs = start + torch.cumsum(gaps, dim=1) - gaps[:, :1]
    ys = torch.randn(B, M, generator=gen)
    lo = xs[:, :1] - 1.0
    hi = xs[:, -1:] + 1.0
    queries = lo + (hi - lo) * torch.rand(B, Q, generator=gen)
    on_knot = torch.rand(B, Q, generator=gen) < 0.25
    which = torch.randint(0, M, (B, Q), generator=gen)
    queries = torch.where(on_knot, torch.gather(xs, 1, which), queries)
    return {"xs": xs, "ys": ys, "queries": queries}
