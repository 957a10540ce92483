import torch


def puzzle_cumsum_triangular(x: torch.Tensor) -> torch.Tensor:
    """The running sum of every row, in one line.

    x: (B, N) int64 (a 1-D (N,) x works the same way).
    Returns (B, N) int64 with out[b, j] = x[b, 0] + ... + x[b, j].

    Rules: one line of at most 80 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_cumsum_triangular")
