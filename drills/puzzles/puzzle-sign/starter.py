import torch


def puzzle_sign(x: torch.Tensor) -> torch.Tensor:
    """The sign of every element, in one line.

    x: (N,) float32.
    Returns (N,) float32: 1.0 where x[i] > 0, -1.0 where x[i] < 0, 0.0
    where x[i] == 0.

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_sign")
