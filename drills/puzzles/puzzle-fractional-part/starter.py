import torch


def puzzle_fractional_part(x: torch.Tensor) -> torch.Tensor:
    """The fractional part of every element, in one line.

    x: (N,) float32.
    Returns (N,) float32 with out[i] = x[i] - floor(x[i]), in [0, 1)
    (0.75 for -2.25).

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_fractional_part")
