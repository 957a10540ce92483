import torch


def puzzle_ones_sum(x: torch.Tensor) -> torch.Tensor:
    """The sum of every row, in one line.

    x: (B, N) int64 (later puzzles call it on bool masks and on more
    leading dimensions: it sums over the last one).
    Returns (B,) int64 with out[b] = x[b, 0] + ... + x[b, N - 1].

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_ones_sum")
