import torch


def row_searchsorted(
    xs: torch.Tensor, ys: torch.Tensor, queries: torch.Tensor
) -> torch.Tensor:
    """Piecewise-linear interpolation of each row's own table, without
    a Python loop.

    xs: (B, M) float32, M >= 2, each row strictly increasing (the knots of
        row b).
    ys: (B, M) float32, the values at those knots.
    queries: (B, Q) float32, points at which to evaluate row b's function
        (any order, may lie outside [xs[b, 0], xs[b, -1]]).
    Returns (B, Q) float32: numpy.interp(queries[b], xs[b], ys[b]) for
    every row b: linear between neighbouring knots, ys[b, 0] left of the
    first knot, ys[b, -1] right of the last.
    """
    # TODO: find every query's interval in its own row at once, then
    # interpolate.
    raise NotImplementedError("write row_searchsorted")
