import torch


def puzzle_flip(x: torch.Tensor) -> torch.Tensor:
    """Reverse every row, in one line.

    x: (B, N) float32.
    Returns (B, N) float32 with out[b, j] = x[b, N - 1 - j].

    Rules: one line of at most 60 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_flip")
