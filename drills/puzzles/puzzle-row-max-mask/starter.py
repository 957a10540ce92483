import torch


def puzzle_row_max_mask(x: torch.Tensor) -> torch.Tensor:
    """Mark the maxima of every row, in one line.

    x: (B, C) float32.
    Returns (B, C) bool, True where x[i, j] equals the largest value of row i.

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_rank_by_counting().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_row_max_mask")
