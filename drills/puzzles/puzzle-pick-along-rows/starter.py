import torch


def puzzle_pick_along_rows(x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    """For every row, pick the columns named by its row of idx, in one line.

    x: (B, C) float32.
    idx: (B, K) int64, column numbers in [0, C).
    Returns (B, K) float32 with out[i, k] = x[i, idx[i, k]].

    Rules: one line of at most 80 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_pick_along_rows")
