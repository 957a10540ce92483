import torch


def puzzle_positions(x: torch.Tensor) -> torch.Tensor:
    """The position of every column of x, in one line.

    x: (B, N) float32; only the size of its last dimension and its device
    matter.
    Returns (N,) int64 on x's device with out[j] = j.

    Rules: one line of at most 70 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_positions")
