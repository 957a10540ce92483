import torch


def puzzle_even_positions(x: torch.Tensor) -> torch.Tensor:
    """Keep the elements at even positions and zero the others, in one line.

    x: (N,) float32.
    Returns (N,) float32 with out[i] = x[i] for even i and 0.0 for odd i.

    Rules: one line of at most 70 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_even_positions")
