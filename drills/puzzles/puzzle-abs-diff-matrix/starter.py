import torch


def puzzle_abs_diff_matrix(p: torch.Tensor) -> torch.Tensor:
    """Every pairwise absolute difference of p, in one line.

    p: (N,) int64.
    Returns (N, N) int64 with out[i, j] = |p[i] - p[j]|.

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_abs_value().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_abs_diff_matrix")
