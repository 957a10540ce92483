import torch


def puzzle_one_hot(idx: torch.Tensor, c: int) -> torch.Tensor:
    """The one-hot rows of idx, in one line.

    idx: (B,) int64, class numbers in [0, c).
    c: the number of classes, a Python int.
    Returns (B, c) int64 with out[i, j] = 1 if idx[i] == j else 0.

    Rules: one line of at most 80 characters, using only torch.arange, torch.where, +, -, *, /,
    //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_one_hot")
