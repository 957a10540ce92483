import torch


def puzzle_abs_value(x: torch.Tensor) -> torch.Tensor:
    """The absolute value of every element, in one line.

    x: (N,) float32 (or any signed dtype: later puzzles call this on int64).
    Returns a tensor like x with out[i] = -x[i] if x[i] < 0 else x[i].

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_abs_value")
