import torch


def puzzle_roll(x: torch.Tensor, s: int) -> torch.Tensor:
    """Roll every row s places to the right, in one line.

    x: (B, N) float32.
    s: the shift, a Python int >= 0 (it may be larger than N).
    Returns (B, N) float32 with out[b, (j + s) % N] = x[b, j], as
    torch.roll(x, s, 1).

    Rules: one line of at most 70 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_roll")
