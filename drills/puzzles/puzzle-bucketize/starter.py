import torch


def puzzle_bucketize(v: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """The bucket of every value, in one line.

    v: (N,) float32, the values.
    b: (K,) float32, boundaries in increasing order.
    Returns (N,) int64 with out[i] = the first k with v[i] <= b[k] (K if
    there is none), as torch.bucketize(v, b) returns.

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_ones_sum().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_bucketize")
