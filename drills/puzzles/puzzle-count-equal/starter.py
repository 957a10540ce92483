import torch


def puzzle_count_equal(x: torch.Tensor, v: int) -> torch.Tensor:
    """Count the elements of x equal to v, in one line.

    x: (N,) int64.
    v: a Python int.
    Returns a 0-dim int64 tensor: the number of i with x[i] == v.

    Rules: one line of at most 60 characters, using only torch.arange, torch.where, +, -, *, /,
    //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [], Tensor.sum.
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_count_equal")
