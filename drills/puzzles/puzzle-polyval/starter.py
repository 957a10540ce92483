import torch


def puzzle_polyval(x: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
    """Evaluate the polynomial with coefficients c at every x, in one line.

    x: (N,) float32, the points.
    c: (K,) float32, coefficients from the constant term up (K = 0: the
    zero polynomial).
    Returns (N,) float32 with out[i] = sum over k of c[k] * x[i] ** k.

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, **, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~,
    [], and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_polyval")
