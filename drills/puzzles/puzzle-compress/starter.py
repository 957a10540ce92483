import torch


def puzzle_compress(v: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
    """Move the kept values to the front, in order, in one line.

    v: (N,) float32, the values.
    m: (N,) bool, True for the values to keep.
    Returns (N,) float32: the kept values first, in their order, then 0.0
    (a fixed shape, whatever the number of True).

    Rules: one line of at most 80 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzles puzzle_running_count(), puzzle_bincount().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_compress")
