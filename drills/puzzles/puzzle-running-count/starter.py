import torch


def puzzle_running_count(m: torch.Tensor) -> torch.Tensor:
    """The running count of True along every row, in one line.

    m: (B, N) bool (later puzzles also call it on a 1-D (N,) mask).
    Returns (B, N) int64 with out[b, j] = the number of True among
    m[b, 0], ..., m[b, j].

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_cumsum_triangular().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_running_count")
