import torch


def puzzle_clamp_range(x: torch.Tensor, lo: float, hi: float) -> torch.Tensor:
    """Clamp every element into [lo, hi], in one line.

    x: (N,) float32; lo <= hi are Python floats.
    Returns (N,) float32: lo where x[i] < lo, hi where x[i] > hi, x[i]
    elsewhere.

    Rules: one line of at most 80 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_clamp_range")
