import torch


def puzzle_checkerboard(x: torch.Tensor) -> torch.Tensor:
    """Zero the odd squares of a checkerboard laid over x, in one line.

    x: (H, W) float32.
    Returns (H, W) float32 with out[i, j] = x[i, j] if (i + j) is even else 0.0.

    Rules: one line of at most 80 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_checkerboard")
